// The sign-in form's rules: which message shows, and what is sent; and the same
// address rule for every other address the admin mails (reset link, invite, enquiries).
import { accountTexts } from '@/config/account'
import { authTexts } from '@/config/admin'

/** Something, an @, something, a dot, something; no spaces anywhere. */
export const signInEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The email as it is sent: trimmed and lower-cased. The password is sent exactly as typed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** The message to show, or null when the values may be sent. */
export function validateSignIn(email: string, password: string): string | null {
  const trimmedEmail = email.trim()
  if (!trimmedEmail || !password.trim()) return authTexts.errors.empty
  if (!signInEmailPattern.test(trimmedEmail)) return authTexts.errors.email
  return null
}

/** The message to show for an address to mail, or null. Empty is allowed only when `optional`. */
export function validateEmail(email: string, optional = false): string | null {
  const trimmed = email.trim()
  if (!trimmed) return optional ? null : accountTexts.errors.email
  return signInEmailPattern.test(trimmed) && trimmed.length <= 320 ? null : accountTexts.errors.email
}
