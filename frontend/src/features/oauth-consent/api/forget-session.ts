// Drops the session this browser holds when the server refused it (it ended elsewhere,
// the account is gone): scope local needs no working session, and supabase-js then
// announces SIGNED_OUT, so the page asks to sign in again.
import { supabase } from '@/lib/supabase'

/** Resolves false when supabase-js kept the session (the server could not be reached). */
export async function forgetSession(): Promise<boolean> {
  const { error } = await supabase.auth.signOut({ scope: 'local' })
  if (error) console.error('Error forgetting a refused session:', error)
  return !error
}
