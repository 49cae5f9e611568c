// Drafts, history and recently deleted items for a list section (services, projects,
// testimonials), in the shape its editor places (features/admin/editors/drafts-slot.ts).
import { Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { StatusMessage } from '@/components/ui/status-message'
import { historyTexts as t } from '@/config/history'
import type { ListDrafts } from '@/features/admin/editors/drafts-slot'
import { previewLink, type ContentTable } from '@/lib/preview-drafts'
import type { QueryResult } from '@/lib/use-query'
import { itemName } from './changes'
import { DraftBar } from './components/draft-bar'
import { HistoryPanel } from './components/history-panel'
import { RecentlyDeleted } from './components/recently-deleted'
import { useDraftActions } from './use-draft-actions'

/** `page`: the public page (and anchor) the list is seen on, e.g. '/#services'. */
export function useListDrafts<T extends { id: string; updated_at?: string | null }>(
  table: ContentTable,
  query: QueryResult<T[]>,
  page: string,
): ListDrafts<T, object> {
  const deletedId = useId()
  const items = query.data ?? []
  const actions = useDraftActions(table, query.refetch)
  const [showDeleted, setShowDeleted] = useState(false)
  const over = (item: T): T => {
    const draft = actions.draftOf(item.id)
    return draft ? ({ ...item, ...draft.data, id: item.id } as T) : item
  }

  return {
    of: over,
    versionOf: (id) => (!actions.loaded ? undefined : (actions.draftOf(id)?.updated_at ?? '')),
    save: (id, payload, over, stored) =>
      actions.save(id, payload, over === undefined ? (items.find((item) => item.id === id)?.updated_at ?? null) : over, stored),
    saved: actions.saved,
    actions: (
      <Button variant="outline" aria-expanded={showDeleted} aria-controls={deletedId} onClick={() => setShowDeleted(!showDeleted)}>
        <Trash2 aria-hidden="true" />
        {showDeleted ? t.hideRecentlyDeleted : t.recentlyDeleted}
      </Button>
    ),
    panel: (
      <div className="space-y-3 empty:hidden">
        <StatusMessage status={actions.status} className="flex" />
        {actions.drafts.length > 0 && (
          <section aria-label={t.drafts} className="space-y-2">
            {actions.drafts.map((draft) => {
              const live = items.find((item) => item.id === draft.row_id)
              const name = itemName({ ...(live ?? {}), ...draft.data }) || t.newItem
              return (
                <DraftBar
                  key={draft.row_id}
                  draft={draft}
                  name={live ? name : `${name} (${t.newItem.toLowerCase()})`}
                  previewHref={previewLink(page)}
                  onPublish={() => actions.publish(draft)}
                  onDiscard={() => actions.discard(draft)}
                />
              )
            })}
          </section>
        )}
        {showDeleted && (
          <RecentlyDeleted id={deletedId} table={table} onRestored={query.refetch} version={items.map((item) => item.id).join()} />
        )}
      </div>
    ),
    itemPanel: (item, close) => (
      <HistoryPanel
        table={table}
        rowId={item.id}
        version={item.updated_at}
        onRestored={async () => {
          await query.refetch()
          actions.setStatus({ text: t.restored })
          close()
        }}
      />
    ),
  }
}
