// The load/save/status logic every single-row admin editor (hero, about, site
// settings, contact details) shares: read the row on mount, check the form, save over
// the version the form was loaded from (insert when there is no row yet), and say how
// it went: the success message and a toast only once a row was written, a conflict
// (someone else saved since) handed back to the form to show.
import { useEffect, useState } from 'react'
import type { Status } from '@/components/ui/status-message'
import { failureText } from '@/lib/network-error'
import type { Conflict, GuardedSave } from '@/lib/table-writes'
import type { MutationResult } from '@/lib/use-mutation'
import { useAdminGuard } from '../guard/admin-guard'
import { editTexts } from './edit-texts'

/** How a save ended, for the form: the written row, a conflict to show, or nothing written (the message says why). */
export type SaveOutcome<R> = { kind: 'saved'; row: R } | { kind: 'conflict'; conflict: Conflict<R> } | { kind: 'not-saved' }

interface SingleRowEditorOptions<R, V, P> {
  refetch: () => Promise<unknown>
  /** Saves over `base` (the row the form was loaded from; null: insert the first row). */
  save: (base: R | null, payload: P) => Promise<MutationResult<GuardedSave<R>>>
  /** The message shown when the values cannot be saved, else null. */
  check: (values: V) => string | null
  build: (values: V) => P
  texts: { success: string; failure: string }
  /** Console prefix for a failed save (the spec only logs the cause). */
  log: string
}

export function useSingleRowEditor<R, V, P>(options: SingleRowEditorOptions<R, V, P>) {
  const { refetch, save, check, build, texts, log } = options
  const guard = useAdminGuard()
  const [status, setStatus] = useState<Status | null>(null)

  useEffect(() => {
    void refetch()
  }, [refetch])

  /**
   * `written` is called with the written row in the same render as the success message,
   * so the form's new baseline and values are what the message speaks of.
   */
  async function onSave(values: V, base: R | null, written?: (row: R) => void): Promise<SaveOutcome<R>> {
    setStatus(null)
    const invalid = check(values)
    if (invalid) {
      setStatus({ text: invalid, tone: 'error' })
      return { kind: 'not-saved' }
    }
    const result = await save(base, build(values))
    if (!result.success) {
      console.error(log, result.error)
      setStatus({ text: failureText(texts.failure, result.error) })
      return { kind: 'not-saved' }
    }
    if (result.data.kind === 'conflict') return result.data
    written?.(result.data.row)
    setStatus({ text: texts.success })
    guard.showSaved(editTexts.saved)
    // The form already holds the written row as its baseline; the shared read is
    // refreshed for the rest of the app (the header's title, the theme).
    void refetch()
    return { kind: 'saved', row: result.data.row }
  }

  return { status, onSave }
}
