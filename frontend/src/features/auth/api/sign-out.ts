// Sign-out (POST /auth/v1/logout?scope=global): ends every session of the user on the
// server and forgets the one in this browser.
import { supabase } from '@/lib/supabase'
import { useMutation } from '@/lib/use-mutation'

/** Signs out everywhere; rethrows the auth error. */
export async function signOut(): Promise<void> {
  const { error } = await supabase.auth.signOut({ scope: 'global' })
  if (error) throw error
}

/**
 * When the server cannot be told (it is down, say), supabase-js keeps the session; this
 * browser still forgets it, so the owner is never left signed in after pressing Sign Out.
 */
export async function signOutHere(): Promise<void> {
  const { error } = await supabase.auth.signOut({ scope: 'local' })
  if (error) throw error
}

export function useSignOut() {
  return useMutation(signOut)
}
