// What a revision changed, in words for the history's line: the columns whose values
// differ from the version before, named as the owner knows them.
import { columnLabels } from '@/config/history'

/** Columns the database maintains itself; a change of them alone is no edit. */
const bookkeeping = new Set(['id', 'created_at', 'updated_at'])

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/** The labels of the columns that differ between `before` and `after` (all set ones when there is no `before`). */
export function changedFields(after: Record<string, unknown>, before: Record<string, unknown> | undefined): string[] {
  return Object.keys(after)
    .filter((key) => !bookkeeping.has(key) && (before ? !same(after[key], before[key]) : true))
    .map((key) => columnLabels[key] ?? key.replaceAll('_', ' '))
}

/** A date and time as the owner reads it, e.g. '26 Nov 2026, 16:05'. */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}

/** The name shown for an item of a list in the recently deleted list and the drafts. */
export function itemName(data: Record<string, unknown>): string {
  for (const key of ['title', 'name', 'site_title']) {
    const value = data[key]
    if (typeof value === 'string' && value.trim() !== '') return value
  }
  return ''
}
