// Reordering the admin's lists (services, portfolio items, testimonials): moving one item,
// the sort_order a new item gets, and what a screen reader hears after a move.

/** A copy of `items` with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items]
  if (from < 0 || from >= next.length) return next
  const target = Math.max(0, Math.min(next.length - 1, to))
  const [moved] = next.splice(from, 1)
  next.splice(target, 0, moved)
  return next
}

/** Whether two lists hold the same ids in the same order. */
export function sameOrder(a: readonly { id: string }[], b: readonly { id: string }[]): boolean {
  return a.length === b.length && a.every((item, i) => item.id === b[i].id)
}

/**
 * sort_order for a new item: after the others (the spec: the current count), or before
 * all of them when the owner chose "Add at top".
 */
export function newSortOrder(items: readonly { sort_order: number | null }[], atTop: boolean): number {
  if (!atTop) return items.length
  const orders = items.map((item) => item.sort_order ?? 0)
  return orders.length === 0 ? 0 : Math.min(...orders) - 1
}

/** "Custom Curtains moved to position 2 of 5." */
export function moveAnnouncement(name: string, position: number, total: number): string {
  return `${name} moved to position ${position} of ${total}.`
}
