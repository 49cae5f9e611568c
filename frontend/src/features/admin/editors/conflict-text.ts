//! The words of a conflict: who changed the row (their email, "a script" when the change
//! had no signed-in user, "someone else" when the history says nothing) and when (how
//! long ago, and the local date and time). Pure, so it is unit-tested.
import type { Conflict, Revision } from '@/lib/table-writes'
import { editTexts } from './edit-texts'

const t = editTexts.conflict

export function whoChanged(revision: Revision | null): string {
  if (!revision) return t.someoneElse
  if (revision.changed_by_email) return revision.changed_by_email
  return revision.changed_by ? t.someoneElse : t.script
}

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
]

/** 'just now (…)', '2 minutes ago (26 Nov 2026, 16:03)', in the browser's time zone. */
export function whenChanged(at: string, now: Date = new Date()): string {
  const date = new Date(at)
  const local = date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000)
  const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
  let ago = 'just now'
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) {
      ago = relative.format(-Math.round(seconds / size), unit)
      break
    }
  }
  return `${ago} (${local})`
}

/** The conflict's sentence: who changed or deleted the row, and when. */
export function conflictText(conflict: Conflict<unknown>, now: Date = new Date()): string {
  const revision = conflict.revision
  if (!conflict.current) {
    return revision?.action === 'delete' ? t.deleted(whoChanged(revision), whenChanged(revision.changed_at, now)) : t.deletedUnknown
  }
  return revision ? t.changed(whoChanged(revision), whenChanged(revision.changed_at, now)) : t.changedUnknown
}
