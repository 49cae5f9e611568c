// Whether the signed-in person must choose a password first: they arrived by a recovery
// or invite link (read from the address as the page loaded, lib/email-link.ts), or
// supabase-js announced PASSWORD_RECOVERY. Once saved, the admin opens.
import { useCallback, useEffect, useState } from 'react'
import { landingEmailLink } from '@/lib/email-link'
import { supabase } from '@/lib/supabase'

/** Survives the admin route remounting; cleared once the password is saved. */
let pending: 'recovery' | 'invite' | null =
  landingEmailLink?.kind === 'recovery' || landingEmailLink?.kind === 'invite' ? landingEmailLink.kind : null

export function usePasswordLanding() {
  const [kind, setKind] = useState(pending)
  useEffect(() => {
    const { data } = supabase.auth.onAuthStateChange((event) => {
      if (event === 'PASSWORD_RECOVERY') {
        pending = 'recovery'
        setKind('recovery')
      }
    })
    return () => data.subscription.unsubscribe()
  }, [])
  const done = useCallback(() => {
    pending = null
    setKind(null)
  }, [])
  return { kind, done }
}
