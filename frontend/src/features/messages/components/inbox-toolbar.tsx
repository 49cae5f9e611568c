// The inbox's tools above the list: search, select all, and what to do with the selected
// messages (mark read or unread, delete), and the CSV export of the messages shown.
import { Download, MailOpen, Mail, Search, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { inboxTexts as t } from '../texts'

interface InboxToolbarProps {
  /** False for a viewer: no selection, so nothing to mark or delete. */
  canChange: boolean
  query: string
  onQuery: (query: string) => void
  shownCount: number
  selectedCount: number
  busy: boolean
  onSelectAll: (all: boolean) => void
  onMarkRead: (read: boolean) => void
  onDeleteSelected: () => void
  onExport: () => void
}

export function InboxToolbar(props: InboxToolbarProps) {
  const { canChange, query, onQuery, shownCount, selectedCount, busy, onSelectAll, onMarkRead, onDeleteSelected, onExport } = props
  const all = shownCount > 0 && selectedCount === shownCount
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <label className="relative min-w-0 flex-1 basis-64">
          <span className="sr-only">{t.search}</span>
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <Input type="search" value={query} placeholder={t.searchPlaceholder} onChange={(e) => onQuery(e.target.value)} className="pl-9" />
        </label>
        <Button variant="outline" onClick={onExport} disabled={shownCount === 0}>
          <Download aria-hidden="true" />
          {t.exportCsv}
        </Button>
      </div>
      {canChange && (
        <div className="flex min-h-9 flex-wrap items-center gap-3 text-sm">
          <label className="inline-flex cursor-pointer items-center gap-2 font-medium text-slate-700">
            <input
              type="checkbox"
              className="size-4 cursor-pointer accent-primary"
              checked={all}
              ref={(el) => {
                if (el) el.indeterminate = selectedCount > 0 && !all
              }}
              disabled={shownCount === 0}
              onChange={(e) => onSelectAll(e.target.checked)}
            />
            {t.selectAll}
          </label>
          {selectedCount > 0 && (
            <>
              <span aria-live="polite" className="text-slate-600">
                {t.selected(selectedCount)}
              </span>
              <Button variant="outline" size="sm" disabled={busy} onClick={() => onMarkRead(true)}>
                <MailOpen aria-hidden="true" />
                {t.markRead}
              </Button>
              <Button variant="outline" size="sm" disabled={busy} onClick={() => onMarkRead(false)}>
                <Mail aria-hidden="true" />
                {t.markUnread}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700 hover:bg-red-50 hover:text-red-800"
                disabled={busy}
                onClick={onDeleteSelected}
              >
                <Trash2 aria-hidden="true" />
                {t.deleteSelected}
              </Button>
            </>
          )}
        </div>
      )}
    </div>
  )
}
