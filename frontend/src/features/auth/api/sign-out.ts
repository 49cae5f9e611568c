// Sign-out (POST /auth/v1/logout?scope=global): ends every session of the user on the
// server and forgets the one in this browser.
import { supabase } from '@/lib/supabase'
import { useMutation } from '@/lib/use-mutation'

/** Signs out everywhere; rethrows the auth error. */
export async function signOut(): Promise<void> {
  const { error } = await supabase.auth.signOut({ scope: 'global' })
  if (error) throw error
}

export function useSignOut() {
  return useMutation(signOut)
}
