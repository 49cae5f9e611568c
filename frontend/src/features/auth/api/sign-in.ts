// Password sign-in through supabase-js (POST /auth/v1/token?grant_type=password). The
// session it returns is kept in local storage by supabase-js and announced to
// onAuthStateChange listeners (see get-session.ts).
import type { Session } from '@supabase/supabase-js'
import { authTexts } from '@/config/admin'
import { supabase } from '@/lib/supabase'
import { useMutation } from '@/lib/use-mutation'

/** Signs in; rethrows the auth error. Refuses to call the server without both values. */
export async function signIn(email: string, password: string): Promise<Session> {
  if (!email || !password) throw new Error(authTexts.errors.helperRequired)
  const { data, error } = await supabase.auth.signInWithPassword({ email, password })
  if (error) throw error
  return data.session
}

export function useSignIn() {
  return useMutation(signIn)
}
