// The add/edit/delete state every admin list (services, portfolio, testimonials)
// shares: which form is open, saving and its error, delete with its confirmation
// (in-app dialog, then an undo window) and error, and a re-read of the list after each
// write. Cancel on a changed form asks first; focus goes into the form on open and back
// to the row's Edit button (or Add) when it closes.
import { useEffect, useState } from 'react'
import { useAdminGuard } from '../guard/admin-guard'
import { useDeferredDelete } from '../guard/use-deferred-delete'
import { useReturnFocus } from '../guard/use-return-focus'
import { failureText } from '@/lib/network-error'
import type { MutationResult } from '@/lib/use-mutation'

export type ListMode<T> = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; item: T }

interface ListEditorOptions<T, V> {
  items: readonly T[]
  refetch: () => Promise<unknown>
  create: (values: V, count: number) => Promise<MutationResult<unknown>>
  update: (item: T, values: V) => Promise<MutationResult<unknown>>
  remove: (item: T) => Promise<MutationResult<unknown>>
  texts: { confirmDelete: string; saveFailed: string; deleteFailed: string }
  /** The undo toast's text, e.g. 'Service deleted.' */
  deletedText: string
  /** Console prefixes for the failures the spec only logs. */
  log: { save: string; delete: string }
}

export function useListEditor<T extends { id: string }, V>(options: ListEditorOptions<T, V>) {
  const { items, refetch, create, update, remove, texts, log, deletedText } = options
  const guard = useAdminGuard()
  const focus = useReturnFocus()
  const [mode, setMode] = useState<ListMode<T>>({ kind: 'list' })
  const [saveError, setSaveError] = useState<string | null>(null)
  // Covers the write and the read after it, so a second click cannot add the item twice.
  const [saving, setSaving] = useState(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)

  useEffect(() => {
    void refetch()
  }, [refetch])

  function open(next: ListMode<T>) {
    setSaveError(null)
    setDeleteError(null)
    if (next.kind === 'list' && mode.kind !== 'list') focus.back(mode.kind === 'edit' ? mode.item.id : null)
    setMode(next)
  }

  /** Cancel: closes the form, after asking when it holds changes. */
  async function cancel() {
    if (await guard.confirmDiscard()) open({ kind: 'list' })
  }

  const deferred = useDeferredDelete<T>({
    remove,
    settled: async (result) => {
      if (!result.success) {
        console.error(log.delete, result.error)
        setDeleteError(failureText(texts.deleteFailed, result.error))
      }
      await refetch()
    },
  })

  async function onSave(values: V) {
    setSaving(true)
    try {
      setSaveError(null)
      const result = mode.kind === 'edit' ? await update(mode.item, values) : await create(values, items.length)
      if (!result.success) {
        console.error(log.save, result.error)
        setSaveError(failureText(texts.saveFailed, result.error))
        return
      }
      // Read the list again before closing the form, so the card shows the saved values at once.
      await refetch()
      open({ kind: 'list' })
    } finally {
      setSaving(false)
    }
  }

  async function onDelete(item: T) {
    setDeleteError(null)
    if (await guard.confirmDelete(texts.confirmDelete)) deferred.schedule(item, deletedText)
  }

  /** The rows to show: those whose deletion is waiting out its undo window are left out. */
  const visible = items.filter((item) => !deferred.hidden.has(item.id))

  return { mode, open, cancel, visible, saving, saveError, deleteError, onSave, onDelete }
}
