// The admin's view of the session: who is signed in, and whether a session this tab had
// has ended without the owner signing out here (signed out in another tab, a password
// reset elsewhere, `pleat user passwd`). Then the admin stays on screen, with every
// editor and what was typed in it, under a sign-in dialog; a sign-in there or in any
// other tab (supabase-js tells every tab) brings the session back. Only Sign Out in
// this tab leaves for the sign-in screen.
import type { Session } from '@supabase/supabase-js'
import { useCallback, useState } from 'react'
import { useSessionCheck } from './check-session'
import { useSession } from './get-session'

export interface AdminSession {
  session: Session | null
  isLoading: boolean
  /** The email of the session that ended, while it is ended; null otherwise. */
  endedEmail: string | null
  /** Call before signing out on purpose, so the sign-in screen follows, not the dialog. */
  leaving: () => void
}

export function useAdminSession(): AdminSession {
  const { session, isLoading } = useSession()
  const [lastEmail, setLastEmail] = useState<string | null>(null)
  const [left, setLeft] = useState(false)
  const [hadSession, setHadSession] = useState(session !== null)
  const email = session?.user.email ?? null
  // Remembered during render (React's pattern for state derived from props), so the
  // render in which the session disappears already knows whose it was.
  if (email && email !== lastEmail) setLastEmail(email)
  if ((session !== null) !== hadSession) {
    setHadSession(session !== null)
    // A new sign-in after Sign Out: a later ending is again one to show.
    if (session) setLeft(false)
  }
  useSessionCheck(session !== null)
  const leaving = useCallback(() => setLeft(true), [])
  const endedEmail = !session && !left ? lastEmail : null
  return { session, isLoading, endedEmail, leaving }
}
