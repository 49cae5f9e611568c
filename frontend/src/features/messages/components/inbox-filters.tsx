// The inbox's filters: status, service (those the messages name, and "none"), when
// received, and unread only; "Clear filters" while any is set.
import { Select } from '@/components/ui/select'
import { Button } from '@/components/ui/button'
import { hasFilters, noFilters, NO_SERVICE, type InboxFilters } from '../inbox'
import { serviceLabel } from '../message-format'
import { inboxTexts as t } from '../texts'
import { messageStatuses, type MessageStatus } from '../types'

interface InboxFiltersProps {
  filters: InboxFilters
  services: readonly string[]
  onChange: (filters: InboxFilters) => void
}

function Labelled({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <label className="grid min-w-0 flex-1 basis-36 gap-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
      {label}
      {children}
    </label>
  )
}

export function InboxFiltersBar({ filters, services, onChange }: InboxFiltersProps) {
  const set = (patch: Partial<InboxFilters>) => onChange({ ...filters, ...patch })
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">{t.filters}</legend>
      <Labelled label={t.filterStatus}>
        <Select value={filters.status} onChange={(e) => set({ status: e.target.value as MessageStatus | '' })}>
          <option value="">{t.anyStatus}</option>
          {messageStatuses.map((status) => (
            <option key={status} value={status}>
              {t.statusLabels[status]}
            </option>
          ))}
        </Select>
      </Labelled>
      <Labelled label={t.filterService}>
        <Select value={filters.service} onChange={(e) => set({ service: e.target.value })}>
          <option value="">{t.anyService}</option>
          {services.map((value) => (
            <option key={value} value={value}>
              {serviceLabel(value)}
            </option>
          ))}
          <option value={NO_SERVICE}>{t.noService}</option>
        </Select>
      </Labelled>
      <Labelled label={t.filterDate}>
        <Select value={filters.days} onChange={(e) => set({ days: e.target.value as InboxFilters['days'] })}>
          <option value="">{t.anyTime}</option>
          {Object.entries(t.dateRanges).map(([days, label]) => (
            <option key={days} value={days}>
              {label}
            </option>
          ))}
        </Select>
      </Labelled>
      <label className="inline-flex h-11 cursor-pointer items-center gap-2 text-sm font-medium text-slate-700">
        <input
          type="checkbox"
          className="size-4 cursor-pointer accent-primary"
          checked={filters.unreadOnly}
          onChange={(e) => set({ unreadOnly: e.target.checked })}
        />
        {t.unreadOnly}
      </label>
      {hasFilters(filters) && (
        <Button variant="ghost" size="sm" className="h-11" onClick={() => onChange(noFilters)}>
          {t.clearFilters}
        </Button>
      )}
    </fieldset>
  )
}
