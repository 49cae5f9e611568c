// The signed-in session: read once on load (supabase-js restores it from local storage,
// refreshing it first when it has expired, or dropping it when it cannot be refreshed),
// then kept current by the auth state listener: sign-in, sign-out in this or another tab,
// background token refreshes, and a session the server has ended.
import type { Session } from '@supabase/supabase-js'
import { useEffect, useState } from 'react'
import { supabase } from '@/lib/supabase'

export interface SessionState {
  session: Session | null
  isLoading: boolean
}

export async function getSession(): Promise<Session | null> {
  const { data, error } = await supabase.auth.getSession()
  if (error) throw error
  return data.session
}

export function useSession(): SessionState {
  const [state, setState] = useState<SessionState>({ session: null, isLoading: true })

  useEffect(() => {
    let active = true
    getSession().then(
      (session) => active && setState({ session, isLoading: false }),
      (error: unknown) => {
        console.error('Error reading the session:', error)
        if (active) setState({ session: null, isLoading: false })
      },
    )
    const { data } = supabase.auth.onAuthStateChange((_event, session) => {
      if (active) setState({ session, isLoading: false })
    })
    return () => {
      active = false
      data.subscription.unsubscribe()
    }
  }, [])

  return state
}
