// The admin's Statistics section: page views, visits and enquiries of the last 30 days
// against the 30 before, the daily chart (with its table), where visitors come from and
// the pages, with enquiries beside each, and how the site counts without tracking anyone.
import { useEffect, type ReactNode } from 'react'
import { Card } from '@/components/ui/card'
import { PanelHeader } from '@/components/ui/panel-header'
import { PanelContent } from '@/components/ui/panel-state'
import { STATS_PERIOD_DAYS, useSiteStats, type SiteStats, type StatsTotals } from '../api/get-site-stats'
import { pageLabel, sourceLabel, splitPeriods } from '../stats-format'
import { statsTexts } from '../texts'
import { StatsChart } from './stats-chart'

function Total({ label, name, stats }: { label: string; name: keyof StatsTotals; stats: SiteStats }) {
  const now = stats.current[name]
  const before = stats.previous[name]
  return (
    <Card className="p-5" data-testid={`stats-total-${name}`}>
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 font-display text-3xl font-semibold text-slate-950 tabular-nums" data-value={now}>
        {now.toLocaleString('en-US')}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        <span className="font-medium text-slate-800">{statsTexts.change(now, before)}</span>
        {' · '}
        {statsTexts.previous(stats.period_days, before)}
      </p>
    </Card>
  )
}

interface Column<T> {
  label: string
  value: (row: T) => ReactNode
  numeric?: boolean
}

function StatsTable<T>({
  title,
  hint,
  rows,
  columns,
  rowKey,
  testId,
}: {
  title: string
  hint: string
  rows: T[]
  columns: Column<T>[]
  rowKey: (row: T) => string
  testId: string
}) {
  return (
    <Card className="p-6 sm:p-8">
      <h3 className="font-display text-xl font-semibold text-slate-950">{title}</h3>
      <p className="mt-1 mb-4 text-sm text-slate-600">{hint}</p>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">{statsTexts.noneYet}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm tabular-nums [&_td]:[overflow-wrap:normal]" data-testid={testId}>
            <thead className="text-slate-600">
              <tr>
                {columns.map((c) => (
                  <th
                    key={c.label}
                    scope="col"
                    className={`py-2 pr-3 align-bottom font-medium [overflow-wrap:normal] last:pr-0 ${c.numeric ? 'text-right' : 'min-w-28'}`}
                  >
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} className="border-t border-slate-100">
                  {columns.map((c, i) =>
                    i === 0 ? (
                      <th key={c.label} scope="row" className="py-2 pr-3 font-normal [overflow-wrap:anywhere] text-slate-900">
                        {c.value(row)}
                      </th>
                    ) : (
                      <td key={c.label} className={`py-2 pr-3 last:pr-0 ${c.numeric ? 'text-right' : ''}`}>
                        {c.value(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  )
}

function StatsContent({ stats }: { stats: SiteStats }) {
  const days = stats.period_days
  const { current, previous } = splitPeriods(stats.daily, days)
  const nothing = stats.current.views === 0 && stats.previous.views === 0 && stats.current.enquiries === 0
  return (
    <>
      {nothing && (
        <Card role="status" className="p-6 text-slate-600">
          {statsTexts.empty}
        </Card>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <Total label={statsTexts.totals.views} name="views" stats={stats} />
        <Total label={statsTexts.totals.visits} name="visits" stats={stats} />
        <Total label={statsTexts.totals.enquiries} name="enquiries" stats={stats} />
      </div>
      <Card className="p-6 sm:p-8">
        <StatsChart current={current} previous={previous} periodDays={days} />
      </Card>
      <StatsTable
        title={statsTexts.sourcesTitle}
        hint={statsTexts.sourcesHint}
        rows={stats.sources}
        rowKey={(s) => s.source}
        testId="stats-sources"
        columns={[
          { label: statsTexts.sourceColumns.source, value: (s) => sourceLabel(s.source) },
          { label: statsTexts.sourceColumns.visits, value: (s) => s.visits, numeric: true },
          { label: statsTexts.sourceColumns.enquiries, value: (s) => s.enquiries, numeric: true },
          { label: statsTexts.sourceColumns.previous(days), value: (s) => s.previous_visits, numeric: true },
        ]}
      />
      <StatsTable
        title={statsTexts.pagesTitle}
        hint={statsTexts.pagesHint}
        rows={stats.pages}
        rowKey={(p) => p.path}
        testId="stats-pages"
        columns={[
          { label: statsTexts.pageColumns.page, value: (p) => pageLabel(p.path) },
          { label: statsTexts.pageColumns.views, value: (p) => p.views, numeric: true },
          { label: statsTexts.pageColumns.visits, value: (p) => p.visits, numeric: true },
          { label: statsTexts.pageColumns.enquiries, value: (p) => p.enquiries, numeric: true },
          { label: statsTexts.pageColumns.previous(days), value: (p) => p.previous_views, numeric: true },
        ]}
      />
    </>
  )
}

export function StatsSection() {
  const { data, isLoading, error, refetch } = useSiteStats()
  // Counts move while the admin is open elsewhere: each opening of the section reads them anew.
  useEffect(() => {
    void refetch()
  }, [refetch])
  return (
    <section aria-labelledby="stats-title" aria-busy={isLoading} className="space-y-6">
      <PanelHeader
        title={<span id="stats-title">{statsTexts.title}</span>}
        subtitle={statsTexts.subtitle(data?.period_days ?? STATS_PERIOD_DAYS)}
      />
      <PanelContent data={data} isLoading={isLoading} error={error} onRetry={refetch}>
        {data && <StatsContent stats={data} />}
      </PanelContent>
      <Card className="p-6 text-sm text-slate-600 sm:p-8">
        <h3 className="mb-2 font-display text-lg font-semibold text-slate-950">{statsTexts.howTitle}</h3>
        <ul className="list-disc space-y-1 pl-5">
          {statsTexts.how.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Card>
    </section>
  )
}
