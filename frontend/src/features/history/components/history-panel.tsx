//! One row's history: a History button that opens the list of its recorded versions,
//! newest first, each with what changed, who and when; every earlier version has
//! "Restore this version", which asks first and then puts the row back as it was (the
//! restore is recorded as a new version).
import { History } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { StatusMessage } from '@/components/ui/status-message'
import { historyTexts as t } from '@/config/history'
import { useAdminGuard } from '@/features/admin/guard/admin-guard'
import { failureText } from '@/lib/network-error'
import type { ContentTable } from '@/lib/preview-drafts'
import { useQuery } from '@/lib/use-query'
import { getRevisions, HISTORY_LIMIT, type ContentRevision } from '../api/content-revisions'
import { changedFields, formatWhen } from '../changes'
import { useRestore } from '../use-restore'

interface HistoryPanelProps {
  table: ContentTable
  rowId: string
  /** Reads the section again after a restore. */
  onRestored: () => Promise<unknown>
  /** Changes when the row does, so an open history is read again. */
  version?: string | null
}

export function HistoryPanel(props: HistoryPanelProps) {
  const id = useId()
  const [open, setOpen] = useState(false)
  return (
    <div className="space-y-3">
      <Button size="sm" variant="outline" aria-expanded={open} aria-controls={`${id}-list`} onClick={() => setOpen(!open)}>
        <History aria-hidden="true" />
        {open ? t.hideHistory : t.history}
      </Button>
      {open && <HistoryList id={`${id}-list`} {...props} />}
    </div>
  )
}

function HistoryList({ id, table, rowId, onRestored, version }: HistoryPanelProps & { id: string }) {
  const guard = useAdminGuard()
  const query = useQuery(`content_revisions:${table}:${rowId}`, () => getRevisions(table, rowId))
  const { refetch } = query
  const revisions = query.data ?? null
  const {
    status,
    restoring,
    restore: restoreNow,
  } = useRestore({
    onRestored,
    refetch,
    done: t.restored,
    log: 'Error restoring a version:',
  })

  // Read again whenever the list opens or the row changes: the cache may hold an older history.
  useEffect(() => {
    void refetch()
  }, [refetch, version])

  async function restore(revision: ContentRevision) {
    const c = t.confirmRestore
    const when = formatWhen(revision.changed_at)
    if (!(await guard.confirm({ title: c.title, message: c.message(when), confirmLabel: c.confirm, cancelLabel: c.cancel }))) return
    await restoreNow(revision)
  }

  const shown = revisions?.slice(0, HISTORY_LIMIT) ?? []
  const failed = query.error ? { text: failureText(t.historyFailed, query.error), tone: 'error' as const } : null
  return (
    <section id={id} aria-label={t.historyTitle} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <StatusMessage status={status ?? failed} className="flex" />
      {revisions === null && !query.error && <p className="text-sm text-slate-500">{t.historyLoading}</p>}
      {revisions !== null && shown.length <= 1 && <p className="text-sm text-slate-500">{t.historyEmpty}</p>}
      {shown.length > 0 && (
        <ol className="divide-y divide-slate-100" data-testid="history-list">
          {shown.map((revision, index) => {
            const before = revisions?.[index + 1]
            const fields = revision.action === 'delete' ? [] : changedFields(revision.data, before?.data)
            const current = index === 0 && revision.action !== 'delete'
            return (
              <li key={revision.id} data-testid="history-entry" className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2.5 text-sm">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">
                    {t.actions[revision.action]}
                    {revision.action === 'update' && `: ${fields.length > 0 ? fields.join(', ') : t.nothingChanged}`}
                  </p>
                  <p className="text-slate-500">
                    {formatWhen(revision.changed_at)} · {revision.changed_by_email ?? t.unknownAuthor}
                  </p>
                </div>
                {current ? (
                  <span className="text-xs font-semibold text-slate-500">{t.current}</span>
                ) : (
                  revision.action !== 'delete' && (
                    <Button size="sm" variant="outline" disabled={restoring !== null} onClick={() => void restore(revision)}>
                      {restoring === revision.id ? t.restoring : t.restore}
                    </Button>
                  )
                )}
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
