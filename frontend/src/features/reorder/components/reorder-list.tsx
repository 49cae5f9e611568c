// An orderable list for the admin (services, portfolio items, testimonials): each row can
// be dragged by its handle (pointer events, so mouse, pen and touch alike) or moved with
// its Move up / Move down buttons; every move is announced to screen readers and saved at
// once, in one request, by the caller's onSave.
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react'
import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { moveAnnouncement, moveItem, sameOrder } from '@/lib/reorder'
import { reorderTexts as t } from '../texts'

interface ReorderListProps<T extends { id: string }> {
  items: readonly T[]
  name: (item: T) => string
  /** Extra content of a row (a thumbnail, a badge). */
  detail?: (item: T) => ReactNode
  /**
   * Saves the new order over `loaded`, the order the move was made on; resolves to false
   * when it failed, 'changed' when the stored list was no longer `loaded` (either way the
   * list goes back).
   */
  onSave: (items: T[], loaded: T[]) => Promise<boolean | 'changed'>
}

interface Drag {
  id: string
  pointerId: number
}

export function ReorderList<T extends { id: string }>({ items, name, detail, onSave }: ReorderListProps<T>) {
  const [order, setOrder] = useState<T[]>(() => [...items])
  const [drag, setDrag] = useState<Drag | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const rows = useRef(new Map<string, HTMLLIElement>())
  const focusAfterMove = useRef<string | null>(null)
  const before = useRef<T[]>(order)
  // Saves run one after another, in the order of the moves; while any is under way the
  // order shown is the owner's, not a read that an earlier save started.
  const queue = useRef<Promise<unknown>>(Promise.resolve())
  const pending = useRef(0)
  const latest = useRef(items)
  useLayoutEffect(() => {
    latest.current = items
  })

  // A fresh read of the list (after the saves, or another tab's change) replaces the order
  // shown, once no drag and no save is under way (a read that came during a drag shows on drop).
  useEffect(() => {
    if (!drag && pending.current === 0) setOrder([...items])
  }, [items, drag])

  useEffect(() => {
    const id = focusAfterMove.current
    if (!id) return
    focusAfterMove.current = null
    document.getElementById(id)?.focus()
  })

  async function commit(next: T[], moved: T, previous: T[]) {
    if (sameOrder(next, previous)) return
    const position = next.findIndex((item) => item.id === moved.id) + 1
    setAnnouncement(moveAnnouncement(name(moved), position, next.length))
    pending.current += 1
    const saved = queue.current.then(() => onSave(next, previous))
    queue.current = saved
    const ok = await saved
    pending.current -= 1
    if (ok === true) return
    setAnnouncement(ok === 'changed' ? t.changed : t.failed)
    // The failed save read the list again: once no other save is under way, show what the server holds.
    if (pending.current === 0) setOrder([...latest.current])
  }

  function moveBy(index: number, delta: number, buttonId: string) {
    const previous = order
    const next = moveItem(order, index, index + delta)
    setOrder(next)
    focusAfterMove.current = buttonId
    void commit(next, order[index], previous)
  }

  function onPointerDown(event: ReactPointerEvent<HTMLElement>, item: T) {
    if (event.button !== 0) return
    event.preventDefault()
    event.currentTarget.setPointerCapture(event.pointerId)
    before.current = order
    setDrag({ id: item.id, pointerId: event.pointerId })
  }

  function onPointerMove(event: ReactPointerEvent<HTMLElement>) {
    if (!drag || event.pointerId !== drag.pointerId) return
    const from = order.findIndex((item) => item.id === drag.id)
    // The row whose middle the pointer passed: the dragged row takes its place.
    let to = from
    order.forEach((item, i) => {
      const rect = rows.current.get(item.id)?.getBoundingClientRect()
      if (!rect) return
      const middle = rect.top + rect.height / 2
      if (i < from && event.clientY < middle) to = Math.min(to, i)
      if (i > from && event.clientY > middle) to = Math.max(to, i)
    })
    if (to !== from) setOrder(moveItem(order, from, to))
  }

  function onPointerUp(event: ReactPointerEvent<HTMLElement>) {
    if (!drag || event.pointerId !== drag.pointerId) return
    const moved = order.find((item) => item.id === drag.id)
    setDrag(null)
    if (moved) void commit(order, moved, before.current)
  }

  return (
    <div>
      <p className="mb-3 text-sm text-slate-600">{t.instructions}</p>
      <ol data-testid="reorder-list" className="space-y-2">
        {order.map((item, i) => {
          const label = name(item)
          const upId = `reorder-up-${item.id}`
          const downId = `reorder-down-${item.id}`
          return (
            <li
              key={item.id}
              ref={(el) => {
                if (el) rows.current.set(item.id, el)
                else rows.current.delete(item.id)
              }}
              data-testid="reorder-row"
              className={cn(
                'flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-2 pr-3 shadow-sm',
                drag?.id === item.id && 'relative z-10 border-primary ring-2 ring-secondary',
              )}
            >
              <span
                role="img"
                aria-label={t.handle(label)}
                data-testid="reorder-handle"
                onPointerDown={(e) => onPointerDown(e, item)}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={onPointerUp}
                className="flex size-10 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 active:cursor-grabbing"
              >
                <GripVertical aria-hidden="true" className="size-5" />
              </span>
              <span className="w-6 shrink-0 text-right text-sm text-slate-500 tabular-nums">{i + 1}.</span>
              {detail?.(item)}
              <span className="min-w-0 flex-1 truncate font-medium text-slate-900" data-testid="reorder-name">
                {label}
              </span>
              <Button
                id={upId}
                variant="ghost"
                size="icon"
                aria-label={t.moveUp(label)}
                disabled={i === 0}
                onClick={() => moveBy(i, -1, upId)}
              >
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button
                id={downId}
                variant="ghost"
                size="icon"
                aria-label={t.moveDown(label)}
                disabled={i === order.length - 1}
                onClick={() => moveBy(i, 1, downId)}
              >
                <ArrowDown aria-hidden="true" />
              </Button>
            </li>
          )
        })}
      </ol>
      <p aria-live="polite" role="status" data-testid="reorder-status" className="sr-only">
        {announcement}
      </p>
    </div>
  )
}
