// The account forms' rules: a new password (long enough, typed twice alike), an email to
// send to, and what an emailed link left in the page's address (spec issue 14).
import { accountTexts, passwordMinLength } from '@/config/account'
import { signInEmailPattern } from '@/features/auth/validation'

const e = accountTexts.errors

/** The message to show for a new password and its confirmation, or null when it may be sent. */
export function validateNewPassword(password: string, confirm: string): string | null {
  if (password.length < passwordMinLength) return e.passwordShort
  if (password !== confirm) return e.passwordMismatch
  return null
}

/** The message to show for an address to mail, or null. Empty is allowed only when `optional`. */
export function validateEmail(email: string, optional = false): string | null {
  const trimmed = email.trim()
  if (!trimmed) return optional ? null : e.email
  return signInEmailPattern.test(trimmed) && trimmed.length <= 320 ? null : e.email
}

export type EmailLink = { kind: 'recovery' | 'invite' } | { kind: 'expired' } | null

/**
 * What an emailed link put in the URL fragment: a recovery or invite session (then the
 * owner must choose a password), or GoTrue's refusal (`error_code=otp_expired`).
 */
export function emailLinkFromHash(hash: string): EmailLink {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  if (params.get('error')) return { kind: 'expired' }
  const type = params.get('type')
  if (params.get('access_token') && (type === 'recovery' || type === 'invite')) return { kind: type }
  return null
}
