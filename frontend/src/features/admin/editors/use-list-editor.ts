// The add/edit/delete state every admin list (services, portfolio, testimonials)
// shares: which form is open, saving and its error, a save that met someone else's
// change (Keep mine / Load theirs), delete with its confirmation (in-app dialog, then an
// undo window) and error, and a re-read of the list after each write. After a save the
// saved item is confirmed in a toast and scrolled into view. A form left open with
// changes comes back after a reload (use-draft.ts). Cancel on a changed form asks
// first; focus goes into the form on open and back to the saved row's Edit button (or
// Add) when it closes.
import { useEffect, useRef, useState } from 'react'
import { failureText } from '@/lib/network-error'
import type { Conflict, GuardedDelete, GuardedSave } from '@/lib/table-writes'
import type { MutationResult } from '@/lib/use-mutation'
import { useAdminGuard } from '../guard/admin-guard'
import { useDeferredDelete } from '../guard/use-deferred-delete'
import { useReturnFocus } from '../guard/use-return-focus'
import { conflictText, whenChanged, whoChanged } from './conflict-text'
import { editTexts } from './edit-texts'
import { clearDraft, draftKey, draftKeys, readDraft } from './use-draft'

export type ListMode<T> = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; item: T }

interface ListEditorOptions<T, V> {
  items: readonly T[]
  /** True once the list has been read (drafts are reopened then). */
  loaded: boolean
  refetch: () => Promise<unknown>
  create: (values: V, count: number) => Promise<MutationResult<T>>
  /** Saves over `item`, the row as the form opened it (or as last seen, for Keep mine). */
  update: (item: T, values: V) => Promise<MutationResult<GuardedSave<T>>>
  remove: (item: T) => Promise<MutationResult<GuardedDelete>>
  texts: { confirmDelete: string; saveFailed: string; deleteFailed: string }
  /** The undo toast's text, e.g. 'Service deleted.' */
  deletedText: string
  /** Console prefixes for the failures the spec only logs. */
  log: { save: string; delete: string }
  /** The table, naming the section's drafts; and an item's name, for the saved toast. */
  section: string
  name: (item: T) => string
}

export function useListEditor<T extends { id: string }, V>(options: ListEditorOptions<T, V>) {
  const { items, loaded, refetch, create, update, remove, texts, log, deletedText, section, name } = options
  const guard = useAdminGuard()
  const focus = useReturnFocus()
  const [mode, setMode] = useState<ListMode<T>>({ kind: 'list' })
  const [saveError, setSaveError] = useState<string | null>(null)
  // Covers the write and the read after it, so a second click cannot add the item twice.
  const [saving, setSaving] = useState(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const [conflict, setConflict] = useState<Conflict<T> | null>(null)
  // Bumped to make the open form anew (Load theirs).
  const [formVersion, setFormVersion] = useState(0)

  useEffect(() => {
    void refetch()
  }, [refetch])

  // After a reload: the form that held unsaved changes opens again, once the list is
  // read (the form reads its values back itself). A draft whose row is gone stays unused.
  const [reopened, setReopened] = useState(false)
  if (loaded && !reopened) {
    setReopened(true)
    const next = reopenedMode<T, V>(section, items)
    if (next) setMode(next)
  }

  // The saved item, once the list shows it again, is brought into view (it may be far
  // down a phone's screen).
  const reveal = useRef<string | null>(null)
  useEffect(() => {
    if (!reveal.current || mode.kind !== 'list') return
    const target = document.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(reveal.current)}"]`)
    if (!target) return
    reveal.current = null
    const card = target.closest<HTMLElement>('[data-testid$="-item"], [data-testid$="-card"], li') ?? target
    card.scrollIntoView({ block: 'center' })
  })

  function open(next: ListMode<T>, focusOn?: string) {
    setSaveError(null)
    setDeleteError(null)
    setConflict(null)
    if (next.kind === 'list' && mode.kind !== 'list') focus.back(focusOn ?? (mode.kind === 'edit' ? mode.item.id : null))
    setMode(next)
  }

  /** Cancel: closes the form, after asking when it holds changes. */
  async function cancel() {
    if (await guard.confirmDiscard()) open({ kind: 'list' })
  }

  const deferred = useDeferredDelete<T, GuardedDelete>({
    remove,
    settled: async (result) => {
      if (!result.success) {
        console.error(log.delete, result.error)
        setDeleteError(failureText(texts.deleteFailed, result.error))
      } else if (result.data.kind === 'gone') {
        setDeleteError(editTexts.deleted.already)
      } else if (result.data.kind === 'changed') {
        const revision = result.data.conflict.revision
        setDeleteError(
          revision ? editTexts.deleted.changed(whoChanged(revision), whenChanged(revision.changed_at)) : conflictText(result.data.conflict),
        )
      }
      await refetch()
    },
  })

  /** Saves the open form: over `over` when given (Keep mine: their row), else over the row it opened with. */
  async function onSave(values: V, over?: T | null) {
    setSaving(true)
    try {
      setSaveError(null)
      setConflict(null)
      const editing = over === undefined ? (mode.kind === 'edit' ? mode.item : null) : over
      let saved: T
      if (editing) {
        const result = await update(editing, values)
        if (!result.success) {
          console.error(log.save, result.error)
          setSaveError(failureText(texts.saveFailed, result.error))
          return
        }
        if (result.data.kind === 'conflict') {
          setConflict(result.data.conflict)
          return
        }
        saved = result.data.row
      } else {
        const result = await create(values, items.length)
        if (!result.success) {
          console.error(log.save, result.error)
          setSaveError(failureText(texts.saveFailed, result.error))
          return
        }
        saved = result.data
      }
      // Read the list again before closing the form, so the card shows the saved values at once.
      await refetch()
      open({ kind: 'list' }, saved.id)
      reveal.current = saved.id
      guard.showSaved(editTexts.itemSaved(name(saved)))
    } finally {
      setSaving(false)
    }
  }

  /** The open form's conflict, with Keep mine (save over their row, or add it again when deleted) and Load theirs. */
  const formConflict = conflict && {
    conflict,
    onKeepMine: (values: V) => void onSave(values, conflict.current),
    onLoadTheirs: conflict.current
      ? () => {
          const current = conflict.current
          if (!current) return
          // The form is made anew from their row: the values kept for a reload must not come back.
          clearDraft(draftKey(section, current.id))
          setConflict(null)
          setMode({ kind: 'edit', item: current })
          setFormVersion((n) => n + 1)
        }
      : undefined,
  }

  /** The open form's item, written again with the very values it opened with (its draft published): the form saves over this version. */
  function rebase(item: T) {
    setMode((current) => (current.kind === 'edit' && current.item.id === item.id ? { kind: 'edit', item } : current))
  }

  async function onDelete(item: T) {
    setDeleteError(null)
    if (await guard.confirmDelete(texts.confirmDelete)) deferred.schedule(item, deletedText)
  }

  /** The rows to show: those whose deletion is waiting out its undo window are left out. */
  const visible = items.filter((item) => !deferred.hidden.has(item.id))

  /** Where the open form keeps its unsaved values across a reload. */
  const formDraft = { key: draftKey(section, mode.kind === 'edit' ? mode.item.id : 'new'), base: mode.kind === 'edit' ? mode.item : null }

  return { mode, open, cancel, visible, saving, saveError, deleteError, onSave, onDelete, formConflict, formVersion, formDraft, rebase }
}

/** The form to open again after a reload: the first of the section's drafts whose row is still listed (or a new one). */
function reopenedMode<T extends { id: string }, V>(section: string, items: readonly T[]): ListMode<T> | null {
  for (const key of draftKeys(section)) {
    if (key === draftKey(section, 'new')) return { kind: 'add' }
    const base = readDraft<V, T>(key)?.base
    if (base && items.some((item) => item.id === base.id)) return { kind: 'edit', item: base }
  }
  return null
}
