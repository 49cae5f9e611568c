//! Deletion with an undo window: the row disappears at once and a toast offers Undo;
//! the delete request is only sent when the window ends (or when the section closes or
//! the page goes away), so Undo never has to re-create anything.
import { useCallback, useEffect, useRef, useState } from 'react'
import { guardTexts } from '@/config/admin-guard'
import type { MutationResult } from '@/lib/use-mutation'
import { useAdminGuard } from './admin-guard'

interface DeferredDeleteOptions<T, R> {
  remove: (item: T) => Promise<MutationResult<R>>
  /** Called after each sent deletion, worked or not. */
  settled: (result: MutationResult<R>) => Promise<unknown> | void
}

interface Scheduled<T> {
  item: T
  timer: number
}

export function useDeferredDelete<T extends { id: string }, R = unknown>(options: DeferredDeleteOptions<T, R>) {
  const guard = useAdminGuard()
  const latest = useRef(options)
  useEffect(() => {
    latest.current = options
  })
  const scheduled = useRef(new Map<string, Scheduled<T>>())
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set())

  const unhide = useCallback((id: string) => {
    setHidden((current) => {
      const next = new Set(current)
      next.delete(id)
      return next
    })
  }, [])

  const send = useCallback(
    async (id: string) => {
      const entry = scheduled.current.get(id)
      if (!entry) return
      scheduled.current.delete(id)
      window.clearTimeout(entry.timer)
      const result = await latest.current.remove(entry.item)
      // A failed deletion shows its row again together with the error; a done one stays
      // hidden until the list has been read again (no flash of the deleted row).
      if (!result.success) unhide(id)
      await latest.current.settled(result)
      unhide(id)
    },
    [unhide],
  )

  useEffect(() => {
    const map = scheduled.current
    const flush = () => [...map.keys()].forEach((id) => void send(id))
    const stop = guard.onUnload(flush)
    return () => {
      stop()
      flush()
    }
  }, [guard, send])

  /** Hides `item` and sends its deletion after the undo window unless Undo is pressed. */
  function schedule(item: T, text: string) {
    setHidden((current) => new Set(current).add(item.id))
    const timer = window.setTimeout(() => void send(item.id), guardTexts.undoMs)
    scheduled.current.set(item.id, { item, timer })
    guard.showUndo(text, () => {
      const entry = scheduled.current.get(item.id)
      if (!entry) return
      window.clearTimeout(entry.timer)
      scheduled.current.delete(item.id)
      unhide(item.id)
    })
  }

  return { hidden, schedule }
}
