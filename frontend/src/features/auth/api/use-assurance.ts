// Whether the signed-in session still owes its second step. At once from the session
// (the token's `aal` and the factors the sign-in returned), then from the server
// (mfa.getAuthenticatorAssuranceLevel with the token reads the account's factors
// afresh): a factor added on another device binds a session begun before it, and the
// database refuses that session's edits, so the admin must ask for the code too.
import type { Session } from '@supabase/supabase-js'
import { useEffect, useState } from 'react'
import { supabase } from '@/lib/supabase'
import { needsSecondStep } from '../assurance'

export function useNeedsSecondStep(session: Session | null): boolean {
  const token = session?.access_token ?? null
  const [server, setServer] = useState<{ token: string; needs: boolean } | null>(null)

  useEffect(() => {
    if (!token) return
    let active = true
    supabase.auth.mfa.getAuthenticatorAssuranceLevel(token).then(
      ({ data, error }) => {
        // Unreachable or refused: the session's own answer stands (and the session check handles a refusal).
        if (error || !data || !active) return
        setServer({ token, needs: data.nextLevel === 'aal2' && data.currentLevel !== 'aal2' })
      },
      (error: unknown) => console.error('Error reading the sign-in level:', error),
    )
    return () => {
      active = false
    }
  }, [token])

  if (!session) return false
  return needsSecondStep(session) || (server?.token === token && server.needs)
}
