// Whether the signed-in person must choose a password first: they arrived by a recovery
// or invite link, typed the code of such a mail (lib/password-choice.ts), or supabase-js
// announced PASSWORD_RECOVERY. Once saved, the admin opens.
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { onPasswordChoiceChange, pendingPasswordChoice, setPendingPasswordChoice } from '@/lib/password-choice'
import { supabase } from '@/lib/supabase'

export function usePasswordLanding() {
  const kind = useSyncExternalStore(onPasswordChoiceChange, pendingPasswordChoice, pendingPasswordChoice)
  useEffect(() => {
    const { data } = supabase.auth.onAuthStateChange((event) => {
      if (event === 'PASSWORD_RECOVERY') setPendingPasswordChoice('recovery')
    })
    return () => data.subscription.unsubscribe()
  }, [])
  const done = useCallback(() => setPendingPasswordChoice(null), [])
  return { kind, done }
}
