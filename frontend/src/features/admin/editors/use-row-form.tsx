//! The state of a single-row section's form across saves, reads and reloads: its values
//! and the row they were edited on (the baseline of the unsaved-changes guard, and the
//! version the next save is guarded on). A save makes the written row the baseline and
//! keeps whatever was typed after Save was pressed; a read of a newer row replaces a
//! form with no changes, never one with changes (its save then meets the conflict);
//! unsaved values survive a reload (use-draft.ts); a conflict offers Keep mine / Load theirs.
//! With drafts (features/history), `row` carries the content draft's values over the live
//! row's version, and `revision` names the draft: values kept as a draft become the baseline
//! once read back; a read with another draft (published, discarded, kept elsewhere) is one
//! more newer read. A read no newer than the baseline's version is never taken over it.
import { useMemo, useState } from 'react'
import type { Conflict, Versioned } from '@/lib/table-writes'
import { hasChanges } from '../guard/form-changes'
import { useUnsavedChanges } from '../guard/use-unsaved-changes'
import { ConflictNotice } from './conflict-notice'
import { RestoredNote } from './restored-note'
import type { SingleRowFormProps } from './single-row-editor'
import { draftKey, readDraft, useDraft } from './use-draft'

const version = (row: Versioned | null) => (row ? `${row.id}:${row.updated_at ?? ''}` : '')

/** True when `row` is an older version of `base` (a read that left before a save landed after it). */
function older(row: Versioned | null, base: Versioned | null): boolean {
  if (!row?.updated_at || !base?.updated_at || row.id !== base.id) return false
  return Date.parse(row.updated_at) < Date.parse(base.updated_at)
}

export function useRowForm<R extends Versioned, V>(props: SingleRowFormProps<R, V>, toValues: (row: R | null) => V) {
  const { row, saving, onSave, onSaveDraft, section, revision = '' } = props
  const key = draftKey(section, 'row')
  const [draft] = useState(() => readDraft<V, R>(key))
  const [base, setBase] = useState<R | null>(draft ? draft.base : row)
  const [values, setValues] = useState<V>(() => (draft ? draft.values : toValues(row)))
  const [restored, setRestored] = useState(draft !== null)
  const [conflict, setConflict] = useState<Conflict<R> | null>(null)
  // The draft the baseline carries, and the values just kept as a draft (until read back).
  const [baseRevision, setBaseRevision] = useState(revision)
  const [kept, setKept] = useState<V | null>(null)
  const baseValues = useMemo(() => toValues(base), [base, toValues])
  const dirty = useUnsavedChanges(baseValues, values)
  useDraft(key, dirty, { values, base })

  // A newer read (the first one landing, another tab's save, a published or restored
  // version) is shown at once when nothing here is unsaved; with changes, the form keeps
  // them and its baseline, unless the read holds the baseline's very values (the draft
  // the form opened with, just published): then only the version moves on.
  const [seen, setSeen] = useState({ row, revision })
  if (row !== seen.row || revision !== seen.revision) {
    setSeen({ row, revision })
    if (kept !== null && revision !== seen.revision) {
      // The values kept as a draft, read back: they are the baseline now.
      setKept(null)
      setRestored(false)
      setBase(row)
      setBaseRevision(revision)
      setValues((current) => (current === kept ? toValues(row) : current))
    } else if (!conflict && !older(row, base) && `${version(row)}|${revision}` !== `${version(base)}|${baseRevision}`) {
      if (!dirty) {
        setBase(row)
        setBaseRevision(revision)
        setValues(toValues(row))
      } else if (version(row) !== version(base) && !hasChanges(baseValues, toValues(row))) {
        setBase(row)
        setBaseRevision(revision)
      }
    }
  }

  function replaceWith(stored: R | null) {
    setBase(stored)
    setBaseRevision(revision)
    setValues(toValues(stored))
    setRestored(false)
    setConflict(null)
  }

  /** Keep as Draft: the values, once stored, become the baseline when the draft is read back. */
  const keepDraft = onSaveDraft && ((sent: V) => void onSaveDraft(sent, base, () => setKept(sent)))

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

  return { values, setValues, submit, keepDraft, restoredNote, conflictNotice }
}
