// The 6-digit code of a recovery or invite mail, typed instead of following its link:
// POST /auth/v1/verify {type, email, token} (supabase-js verifyOtp), which signs in. The
// admin is told first that a password must be chosen, so it never opens in between. The
// server refuses a wrong or used code (403 otp_expired; a code dies at its 5th wrong try)
// and, after too many wrong codes for the account or from this client, any code (429).
import { accountTexts } from '@/config/account'
import { isNetworkError, networkErrorText } from '@/lib/network-error'
import { setPendingPasswordChoice } from '@/lib/password-choice'
import { supabase } from '@/lib/supabase'
import { useMutation } from '@/lib/use-mutation'

export type EmailCodeKind = 'recovery' | 'invite'

/** Six digits, spaces allowed (mail clients and people group them). */
export function normalizeCode(code: string): string | null {
  const digits = code.replace(/\s+/g, '')
  return /^\d{6}$/.test(digits) ? digits : null
}

/** Signs in with the code; rejects with the text to show (the auth error as its cause). */
export async function verifyEmailCode(email: string, code: string, kind: EmailCodeKind): Promise<void> {
  const token = normalizeCode(code)
  if (!token) throw new Error(accountTexts.errors.codeFormat)
  setPendingPasswordChoice(kind)
  const { error } = await supabase.auth.verifyOtp({ email, token, type: kind })
  if (!error) return
  setPendingPasswordChoice(null)
  console.error('Error verifying the code:', error)
  const e = accountTexts.errors
  const text =
    error.status === 429
      ? e.codeLocked
      : error.status === 403 || error.code === 'otp_expired'
        ? e.codeWrong
        : isNetworkError(error)
          ? networkErrorText
          : e.codeFailed
  throw new Error(text, { cause: error })
}

export function useVerifyEmailCode() {
  return useMutation(verifyEmailCode)
}
