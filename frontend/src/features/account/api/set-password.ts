// Sets the signed-in user's password (PUT /auth/v1/user through supabase-js): after a
// recovery or invite link, and from the Account section. The server's own refusal (a weak
// password, say) is shown as it says it.
import { accountTexts } from '@/config/account'
import { isNetworkError, networkErrorText } from '@/lib/network-error'
import { sessionEndedText } from '@/lib/session-ended'
import { supabase } from '@/lib/supabase'
import { useMutation } from '@/lib/use-mutation'

export async function setPassword(password: string): Promise<void> {
  const { error } = await supabase.auth.updateUser({ password })
  if (!error) return
  console.error('Error setting the password:', error)
  const text = isNetworkError(error)
    ? networkErrorText
    : (sessionEndedText(error) ?? (error.status === 422 && error.message ? error.message : accountTexts.errors.setFailed))
  throw new Error(text, { cause: error })
}

export function useSetPassword() {
  return useMutation(setPassword)
}
