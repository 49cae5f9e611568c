// The reorder mode of an admin list: whether it is on, and saving an order (one request)
// followed by a fresh read of the list, so the manager and the public pages follow it.
import { useState } from 'react'
import { useSaveOrder, type OrderedList } from './api/save-order'

export function useReorder(target: OrderedList, refetch: () => Promise<unknown>) {
  const [reordering, setReordering] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const { mutate } = useSaveOrder()

  async function save(items: readonly { id: string }[]): Promise<boolean> {
    setError(null)
    const result = await mutate(
      target,
      items.map((item) => item.id),
    )
    if (!result.success) {
      console.error(`Error saving the order of ${target}:`, result.error)
      setError('failed')
      await refetch()
      return false
    }
    await refetch()
    return true
  }

  return { reordering, setReordering, save, failed: error !== null }
}
