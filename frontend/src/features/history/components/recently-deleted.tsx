//! A list's items deleted within the last 30 days, newest first, each with who deleted it
//! and when, and Restore, which puts it back under its id with its last values.
import { useEffect } from 'react'
import { Button } from '@/components/ui/button'
import { StatusMessage } from '@/components/ui/status-message'
import { historyTexts as t } from '@/config/history'
import { failureText } from '@/lib/network-error'
import type { ContentTable } from '@/lib/preview-drafts'
import { useQuery } from '@/lib/use-query'
import { getRecentlyDeleted } from '../api/content-revisions'
import { formatWhen, itemName } from '../changes'
import { useRestore } from '../use-restore'

interface RecentlyDeletedProps {
  id: string
  table: ContentTable
  /** Reads the list again after a restore. */
  onRestored: () => Promise<unknown>
  /** Changes after each delete, so the list is read again. */
  version: string
}

export function RecentlyDeleted({ id, table, onRestored, version }: RecentlyDeletedProps) {
  const query = useQuery(`recently_deleted:${table}`, () => getRecentlyDeleted(table))
  const { refetch } = query
  const items = query.data ?? null
  const { status, restoring, restore } = useRestore({
    onRestored,
    refetch,
    done: t.deletedRestored,
    log: 'Error restoring a deleted item:',
  })

  // Read again when the list opens and after each delete: the cache may hold an older list.
  useEffect(() => {
    void refetch()
  }, [refetch, version])

  return (
    <section id={id} aria-label={t.recentlyDeletedTitle} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <div>
        <h3 className="font-semibold text-slate-950">{t.recentlyDeletedTitle}</h3>
        <p className="text-sm text-slate-500">{t.recentlyDeletedHint}</p>
      </div>
      <StatusMessage
        status={status ?? (query.error ? { text: failureText(t.historyFailed, query.error), tone: 'error' } : null)}
        className="flex"
      />
      {items !== null && items.length === 0 && <p className="text-sm text-slate-500">{t.recentlyDeletedEmpty}</p>}
      {items !== null && items.length > 0 && (
        <ul className="divide-y divide-slate-100" data-testid="deleted-list">
          {items.map((revision) => (
            <li key={revision.id} data-testid="deleted-item" className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2.5 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">{itemName(revision.data)}</p>
                <p className="text-slate-500">
                  {t.deletedBy(revision.changed_by_email ?? t.unknownAuthor, formatWhen(revision.changed_at))}
                </p>
              </div>
              <Button
                size="sm"
                variant="outline"
                aria-label={`${t.restoreDeleted} ${itemName(revision.data)}`}
                disabled={restoring !== null}
                onClick={() => void restore(revision)}
              >
                {restoring === revision.id ? t.restoring : t.restoreDeleted}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
