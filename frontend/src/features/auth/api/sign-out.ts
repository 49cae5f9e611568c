// Sign-out (POST /auth/v1/logout?scope=global): ends every session of the user on the
// server and forgets the one in this browser. `local` ends only this browser's session
// (switching accounts on the page where an app asks to use one).
import { supabase } from '@/lib/supabase'
import { useMutation } from '@/lib/use-mutation'

/** Signs out everywhere (or only here); rethrows the auth error. */
export async function signOut(scope: 'global' | 'local' = 'global'): Promise<void> {
  const { error } = await supabase.auth.signOut({ scope })
  if (error) throw error
}

export function useSignOut() {
  return useMutation(signOut)
}
