// Who else has the admin open, and in which section: each tab says where it is on the
// private channel `admin:editors` (only editors may join it: the database's policies on
// realtime.messages), and hears the others. A closed tab leaves on its own.
import { useEffect, useMemo, useState } from 'react'
import { supabase } from '@/lib/supabase'

export interface EditorHere {
  email: string
  section: string
}

interface PresenceMeta {
  email?: unknown
  section?: unknown
}

/** The other tabs in the admin (this tab left out), one entry per tab. */
export function useEditorsHere(email: string, section: string): EditorHere[] {
  // getRandomValues, unlike randomUUID, also works on a site served over plain http.
  const tab = useMemo(() => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join(''), [])
  const [others, setOthers] = useState<EditorHere[]>([])
  const [channel, setChannel] = useState<ReturnType<typeof supabase.channel> | null>(null)

  useEffect(() => {
    const joined = supabase.channel('admin:editors', { config: { private: true, presence: { key: tab } } })
    joined.on('presence', { event: 'sync' }, () => {
      const state = joined.presenceState<PresenceMeta>()
      const list: EditorHere[] = []
      for (const [key, metas] of Object.entries(state)) {
        if (key === tab) continue
        const meta = metas[0]
        if (typeof meta?.email === 'string' && typeof meta.section === 'string') list.push({ email: meta.email, section: meta.section })
      }
      setOthers(list)
    })
    joined.subscribe((status) => {
      if (status === 'SUBSCRIBED') setChannel(joined)
    })
    return () => {
      setChannel(null)
      void supabase.removeChannel(joined)
    }
  }, [tab])

  useEffect(() => {
    if (channel && email) void channel.track({ email, section })
  }, [channel, email, section])

  return others
}
