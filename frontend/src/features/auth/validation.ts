// The sign-in form's rules (spec §5): which message shows, and what is sent.
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
