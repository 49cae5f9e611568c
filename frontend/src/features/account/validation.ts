// The account forms' rule for a new password: long enough, typed twice alike. Addresses to
// mail are checked by features/auth/validation.ts.
import { accountTexts, passwordMinLength } from '@/config/account'

const e = accountTexts.errors

/** The message to show for a new password and its confirmation, or null when it may be sent. */
export function validateNewPassword(password: string, confirm: string): string | null {
  if (password.length < passwordMinLength) return e.passwordShort
  if (password !== confirm) return e.passwordMismatch
  return null
}
