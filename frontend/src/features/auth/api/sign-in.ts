// Password sign-in through supabase-js (POST /auth/v1/token?grant_type=password). The
// session it returns is kept in local storage by supabase-js and announced to
// onAuthStateChange listeners (see get-session.ts). A failure becomes the text the owner
// reads: how long to wait when the server throttles sign-ins (429), else that the email
// or password is wrong.
import type { Session } from '@supabase/supabase-js'
import { authTexts } from '@/config/admin'
import { isNetworkError, networkErrorText } from '@/lib/network-error'
import { retryAfterSeconds } from '@/lib/retry-after'
import { supabase } from '@/lib/supabase'
import { useMutation } from '@/lib/use-mutation'

const TOKEN_PATH = '/auth/v1/token'

/** Signs in; rejects with the text to show (the auth error as its cause). Refuses to call the server without both values. */
export async function signIn(email: string, password: string): Promise<Session> {
  if (!email || !password) throw new Error(authTexts.errors.helperRequired)
  const { data, error } = await supabase.auth.signInWithPassword({ email, password })
  if (error) {
    console.error('Error signing in:', error)
    const text =
      error.status === 429
        ? authTexts.errors.tooManyAttempts(retryAfterSeconds(TOKEN_PATH))
        : isNetworkError(error)
          ? networkErrorText
          : authTexts.errors.failed
    throw new Error(text, { cause: error })
  }
  return data.session
}

export function useSignIn() {
  return useMutation(signIn)
}
