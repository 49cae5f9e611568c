// Whether the session this tab holds is still alive on the server: GET /auth/v1/user
// (supabase.auth.getUser). A session ended elsewhere keeps a valid-looking token in
// local storage until it expires, so the admin asks when it opens, whenever the window
// comes back into focus, and when a request was refused for it. An ended session is
// dropped here and supabase-js announces SIGNED_OUT, to this tab's listeners and to the
// other tabs of the site.
import { useEffect } from 'react'
import { isNetworkError } from '@/lib/network-error'
import { onSessionEndedReport } from '@/lib/session-ended'
import { supabase } from '@/lib/supabase'

/** Asks the server; forgets the session (SIGNED_OUT) when it is refused. Resolves false when it was. */
export async function checkSession(): Promise<boolean> {
  const { data: current } = await supabase.auth.getSession()
  if (!current.session) return false
  const { error } = await supabase.auth.getUser()
  if (!error) return true
  // Unreachable is not signed out: the next check decides.
  if (isNetworkError(error)) return true
  if (error.name === 'AuthSessionMissingError') return false
  // 401/403 (user deleted, token refused): supabase-js keeps the session for these, so
  // drop it here; scope local needs no server.
  if (error.status === 401 || error.status === 403) {
    await supabase.auth.signOut({ scope: 'local' })
    return false
  }
  return true
}

/** While `active`, checks the session at once, on focus, when the tab is shown again, and on a refused request. */
export function useSessionCheck(active: boolean) {
  useEffect(() => {
    if (!active) return
    let running = false
    const check = () => {
      if (running) return
      running = true
      checkSession()
        .catch((error: unknown) => console.error('Error checking the session:', error))
        .finally(() => {
          running = false
        })
    }
    const onVisible = () => !document.hidden && check()
    check()
    window.addEventListener('focus', check)
    document.addEventListener('visibilitychange', onVisible)
    const stopReports = onSessionEndedReport(check)
    return () => {
      window.removeEventListener('focus', check)
      document.removeEventListener('visibilitychange', onVisible)
      stopReports()
    }
  }, [active])
}
