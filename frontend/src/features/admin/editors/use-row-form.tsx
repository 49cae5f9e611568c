//! The state of a single-row section's form across saves, reads and reloads: its values
//! and the row they were edited on (the baseline of the unsaved-changes guard, and the
//! version the next save is guarded on). A save makes the written row the baseline and
//! keeps whatever was typed after Save was pressed; a read of a newer row replaces a
//! form with no changes, never one with changes (its save then meets the conflict);
//! unsaved values survive a reload (use-draft.ts); a conflict offers Keep mine / Load theirs.
import { useMemo, useState } from 'react'
import type { Conflict, Versioned } from '@/lib/table-writes'
import { useUnsavedChanges } from '../guard/use-unsaved-changes'
import { ConflictNotice } from './conflict-notice'
import { RestoredNote } from './restored-note'
import type { SingleRowFormProps } from './single-row-editor'
import { draftKey, readDraft, useDraft } from './use-draft'

const version = (row: Versioned | null) => (row ? `${row.id}:${row.updated_at ?? ''}` : '')

export function useRowForm<R extends Versioned, V>(props: SingleRowFormProps<R, V>, toValues: (row: R | null) => V) {
  const { row, saving, onSave, section } = props
  const key = draftKey(section, 'row')
  const [draft] = useState(() => readDraft<V, R>(key))
  const [base, setBase] = useState<R | null>(draft ? draft.base : row)
  const [values, setValues] = useState<V>(() => (draft ? draft.values : toValues(row)))
  const [restored, setRestored] = useState(draft !== null)
  const [conflict, setConflict] = useState<Conflict<R> | null>(null)
  const baseValues = useMemo(() => toValues(base), [base, toValues])
  const dirty = useUnsavedChanges(baseValues, values)
  useDraft(key, dirty, { values, base })

  // A newer read (the first one landing, another tab's save) is shown at once when
  // nothing here is unsaved; with changes, the form keeps them and its baseline.
  const [seen, setSeen] = useState(row)
  if (row !== seen) {
    setSeen(row)
    if (!dirty && !conflict && version(row) !== version(base)) {
      setBase(row)
      setValues(toValues(row))
    }
  }

  function replaceWith(stored: R | null) {
    setBase(stored)
    setValues(toValues(stored))
    setRestored(false)
    setConflict(null)
  }

  /** Saves `sent` over `over` (the baseline; their row for Keep mine). */
  async function submit(sent: V, over: R | null = base) {
    setConflict(null)
    const outcome = await onSave(sent, over, (row) => {
      setRestored(false)
      setBase(row)
      // Values typed since Save was pressed stay; untouched ones show the row as stored (trimmed).
      setValues((current) => (current === sent ? toValues(row) : current))
    })
    if (outcome.kind === 'conflict') setConflict(outcome.conflict)
  }

  const restoredNote = restored && dirty ? <RestoredNote onDiscard={() => replaceWith(row)} /> : null
  const conflictNotice = conflict ? (
    <ConflictNotice
      conflict={conflict}
      busy={saving}
      onKeepMine={() => void submit(values, conflict.current)}
      onLoadTheirs={conflict.current ? () => replaceWith(conflict.current) : undefined}
    />
  ) : null

  return { values, setValues, submit, restoredNote, conflictNotice }
}
