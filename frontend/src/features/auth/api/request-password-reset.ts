// "Forgot password?": POST /auth/v1/recover through supabase-js. The server answers the
// same for unknown addresses (no enumeration), so success says nothing about the account;
// only the per-address send limit (429 over_email_send_rate_limit) gets its own text.
import { accountTexts } from '@/config/account'
import { isNetworkError, networkErrorText } from '@/lib/network-error'
import { supabase } from '@/lib/supabase'
import { useMutation } from '@/lib/use-mutation'

/** Where the link in the mail leads: this site's admin, which then asks for the new password. */
export function adminUrl(): string {
  return `${window.location.origin}/admin`
}

export async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: adminUrl() })
  if (!error) return
  console.error('Error requesting a password reset:', error)
  const text =
    error.status === 429 ? accountTexts.errors.rateLimited : isNetworkError(error) ? networkErrorText : accountTexts.errors.failed
  throw new Error(text, { cause: error })
}

export function useRequestPasswordReset() {
  return useMutation(requestPasswordReset)
}
