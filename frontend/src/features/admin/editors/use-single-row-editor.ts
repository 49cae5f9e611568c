// The load/save/status logic every single-row admin editor (hero, about, site
// settings) shares: read the row on mount, check the form, save by id (insert
// when there is no row yet), say how it went, and read the row again.
import { useEffect, useState } from 'react'
import type { Status } from '@/components/ui/status-message'
import { failureText } from '@/lib/network-error'
import type { MutationResult } from '@/lib/use-mutation'

interface SingleRowEditorOptions<V, P> {
  /** The row's id, `undefined` while there is none. */
  id: string | undefined
  refetch: () => Promise<unknown>
  save: (id: string | undefined, payload: P) => Promise<MutationResult<unknown>>
  /** The message shown when the values cannot be saved, else null. */
  check: (values: V) => string | null
  build: (values: V) => P
  texts: { success: string; failure: string }
  /** Console prefix for a failed save (the spec only logs the cause). */
  log: string
}

export function useSingleRowEditor<V, P>(options: SingleRowEditorOptions<V, P>) {
  const { id, refetch, save, check, build, texts, log } = options
  const [status, setStatus] = useState<Status | null>(null)

  useEffect(() => {
    void refetch()
  }, [refetch])

  async function onSave(values: V) {
    setStatus(null)
    const invalid = check(values)
    if (invalid) {
      setStatus({ text: invalid, tone: 'error' })
      return
    }
    const result = await save(id, build(values))
    if (!result.success) {
      console.error(log, result.error)
      setStatus({ text: failureText(texts.failure, result.error) })
      return
    }
    // Read the saved row before saying so: the form is made anew from it, so the message
    // (and the unsaved-changes guard's baseline) then speak of what is really stored.
    await refetch()
    setStatus({ text: texts.success })
  }

  return { status, onSave }
}
