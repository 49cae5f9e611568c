//! What a section's editor is given to offer drafts and history (features/history builds
//! it; the editors only place it): the draft's values to open the form with, "Keep as
//! Draft" beside Save, and the draft's and history's panels. Absent, an editor has none.
import type { ReactNode } from 'react'
import type { Status } from '@/components/ui/status-message'

interface DraftsSlot<P> {
  /**
   * Keep as Draft: stores the payload as the draft of row `id` (a new item's when undefined),
   * made over version `over` of the row (the one the form's values were edited on: publishing
   * refuses when the row changed since); `stored` is called once it is written, before the
   * drafts are read again. Resolves to the message to show.
   */
  save: (id: string | undefined, payload: P, over: string | null | undefined, stored?: () => void) => Promise<Status>
  /** After Save Changes stored row `id` (undefined: a new item): its draft, published by it, is discarded. */
  saved: (id: string | undefined) => Promise<void>
  /** Shown in the header's actions. */
  actions?: ReactNode
}

/** A single-row section's drafts (hero, about, settings, contact details). */
export interface RowDrafts<R, P> extends DraftsSlot<P> {
  /** The row with its draft's values over it; null when it has no draft. */
  row: R | null
  /** The draft's own version ('' when there is none): the form takes a changed one as its new opening values. */
  version: string
  /** Shown between the header and the form: the draft's badge and buttons, the history. */
  panel: ReactNode
}

/** A list section's drafts (services, projects, testimonials). */
export interface ListDrafts<T, P> extends DraftsSlot<P> {
  /** Shown under the header: the list's drafts and its recently deleted items. */
  panel: ReactNode
  /** The item with its draft's values over it (the item itself when it has none). */
  of: (item: T) => T
  /** The version of item `id`'s draft ('' when it has none); undefined until the drafts are read. */
  versionOf: (id: string) => string | undefined
  /** Shown under an item's edit form: its history; `close` closes the form (a restored version replaces what it shows). */
  itemPanel: (item: T, close: () => void) => ReactNode
}
