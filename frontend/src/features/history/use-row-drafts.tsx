// Drafts and history for a single-row section (hero, about, settings, contact details),
// in the shape its editor places (features/admin/editors/drafts-slot.ts).
import { StatusMessage } from '@/components/ui/status-message'
import type { RowDrafts } from '@/features/admin/editors/drafts-slot'
import { previewLink, type ContentTable } from '@/lib/preview-drafts'
import type { QueryResult } from '@/lib/use-query'
import { DraftBar } from './components/draft-bar'
import { HistoryPanel } from './components/history-panel'
import { useDraftActions } from './use-draft-actions'

/** `page`: the public page (and anchor) the section is seen on, e.g. '/#about'. */
export function useRowDrafts<R extends { id: string; updated_at?: string | null }>(
  table: ContentTable,
  query: QueryResult<R | null>,
  page: string,
): RowDrafts<R, object> {
  const row = query.data ?? null
  const actions = useDraftActions(table, query.refetch)
  // A single row: its draft, or before the row exists the one draft there is.
  const draft = row ? actions.draftOf(row.id) : actions.drafts[0]

  return {
    row: draft ? ({ ...(row ?? {}), ...draft.data, id: row?.id ?? draft.row_id } as R) : null,
    version: draft?.updated_at ?? '',
    save: (id, payload, over, stored) =>
      actions.save(id ?? draft?.row_id, payload, over === undefined ? (row?.updated_at ?? null) : over, stored),
    saved: actions.saved,
    panel: (
      <div className="space-y-3">
        <StatusMessage status={actions.status} className="flex" />
        {draft && (
          <DraftBar
            draft={draft}
            previewHref={previewLink(page)}
            onPublish={() => actions.publish(draft)}
            onDiscard={() => actions.discard(draft)}
          />
        )}
        {row && <HistoryPanel table={table} rowId={row.id} onRestored={query.refetch} version={row.updated_at} />}
      </div>
    ),
  }
}
