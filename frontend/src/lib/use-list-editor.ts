// The add/edit/delete state every admin list (services, portfolio, testimonials)
// shares: which form is open, saving and its error, delete with its confirmation
// and error, and a re-read of the list after each write.
import { useEffect, useState } from 'react'
import type { MutationResult } from './use-mutation'

export type ListMode<T> = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; item: T }

interface ListEditorOptions<T, V> {
  items: readonly T[]
  refetch: () => Promise<unknown>
  create: (values: V, count: number) => Promise<MutationResult<unknown>>
  update: (item: T, values: V) => Promise<MutationResult<unknown>>
  remove: (item: T) => Promise<MutationResult<unknown>>
  texts: { confirmDelete: string; saveFailed: string; deleteFailed: string }
  /** Console prefixes for the failures the spec only logs. */
  log: { save: string; delete: string }
}

export function useListEditor<T, V>(options: ListEditorOptions<T, V>) {
  const { items, refetch, create, update, remove, texts, log } = options
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
    setMode(next)
  }

  async function onSave(values: V) {
    setSaving(true)
    try {
      setSaveError(null)
      const result = mode.kind === 'edit' ? await update(mode.item, values) : await create(values, items.length)
      if (!result.success) {
        console.error(log.save, result.error)
        setSaveError(texts.saveFailed)
        return
      }
      // Read the list again before closing the form, so the card shows the saved values at once.
      await refetch()
      setMode({ kind: 'list' })
    } finally {
      setSaving(false)
    }
  }

  async function onDelete(item: T) {
    setDeleteError(null)
    if (!window.confirm(texts.confirmDelete)) return
    const result = await remove(item)
    if (!result.success) {
      console.error(log.delete, result.error)
      setDeleteError(texts.deleteFailed)
    }
    await refetch()
  }

  return { mode, open, saving, saveError, deleteError, onSave, onDelete }
}
