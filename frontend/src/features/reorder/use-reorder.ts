// The reorder mode of an admin list: whether it is on, and saving an order (one request,
// over the order the move was made on) followed by a fresh read of the list, so the
// manager and the public pages follow it. When someone else changed the list meanwhile
// nothing is saved: the owner is told, and reads the current order when they choose.
import { useState } from 'react'
import { useSaveOrder, type OrderedList } from './api/save-order'

export function useReorder(target: OrderedList, refetch: () => Promise<unknown>) {
  const [reordering, setReordering] = useState(false)
  const [error, setError] = useState<'failed' | 'changed' | null>(null)
  const { mutate } = useSaveOrder()

  async function save(items: readonly { id: string }[], loaded: readonly { id: string }[]): Promise<boolean | 'changed'> {
    setError(null)
    const result = await mutate(
      target,
      items.map((item) => item.id),
      loaded.map((item) => item.id),
    )
    if (!result.success) {
      console.error(`Error saving the order of ${target}:`, result.error)
      setError('failed')
      await refetch()
      return false
    }
    if (result.data === 'changed') {
      setError('changed')
      return 'changed'
    }
    await refetch()
    return true
  }

  /** Reads the list as it is stored now (after another tab or a script changed it). */
  async function loadCurrent() {
    setError(null)
    await refetch()
  }

  return { reordering, setReordering, save, failed: error === 'failed', changed: error === 'changed', loadCurrent }
}
