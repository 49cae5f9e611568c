// The daily page views of the period as an inline SVG (no chart library): one bar per
// day of the period, and the period before it as a dashed line over the same days. The
// picture is described in words for screen readers, and every figure is in the table
// that opens below it.
import { useId } from 'react'
import type { DailyStats } from '../api/get-site-stats'
import { busiestDay, dayLabel } from '../stats-format'
import { statsTexts } from '../texts'

const WIDTH = 600
const HEIGHT = 160

interface StatsChartProps {
  current: DailyStats[]
  previous: DailyStats[]
  periodDays: number
}

export function StatsChart({ current, previous, periodDays }: StatsChartProps) {
  const labelId = useId()
  const tableId = useId()
  const max = Math.max(1, ...current.map((d) => d.views), ...previous.map((d) => d.views))
  const slot = WIDTH / Math.max(1, current.length)
  const y = (views: number) => HEIGHT - (views / max) * HEIGHT
  const line = previous.map((d, i) => `${(i + 0.5) * slot},${y(d.views)}`).join(' ')
  const busiest = busiestDay(current)
  const sum = (days: DailyStats[]) => days.reduce((total, d) => total + d.views, 0)
  const first = current[0]
  const last = current.at(-1)

  return (
    <figure className="space-y-3">
      <figcaption className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <h3 className="font-display text-xl font-semibold text-slate-950">{statsTexts.chartTitle}</h3>
        <span className="flex flex-wrap gap-4 text-sm text-slate-600" aria-hidden="true">
          <span className="inline-flex items-center gap-2">
            <span className="inline-block size-3 rounded-sm bg-primary" />
            {statsTexts.legendCurrent(periodDays)}
          </span>
          <span className="inline-flex items-center gap-2">
            <span className="inline-block w-5 border-t-2 border-dashed border-secondary-ink" />
            {statsTexts.legendPrevious(periodDays)}
          </span>
        </span>
      </figcaption>
      <p id={labelId} className="sr-only">
        {statsTexts.chartLabel(periodDays, sum(current), sum(previous), busiest ? `${dayLabel(busiest.day)} (${busiest.views})` : null)}
      </p>
      <div className="flex gap-2">
        <div className="flex flex-col justify-between text-right text-xs text-slate-500 tabular-nums" aria-hidden="true">
          <span>{max.toLocaleString('en-US')}</span>
          <span>0</span>
        </div>
        <svg
          role="img"
          aria-labelledby={labelId}
          aria-describedby={tableId}
          data-testid="stats-chart"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-40 w-full min-w-0 overflow-visible border-b border-l border-slate-300"
        >
          {current.map((d, i) => {
            const height = HEIGHT - y(d.views)
            return (
              <rect
                key={d.day}
                data-day={d.day}
                data-views={d.views}
                x={i * slot + slot * 0.15}
                y={y(d.views)}
                width={slot * 0.7}
                height={height}
                className="fill-primary"
              >
                <title>{`${dayLabel(d.day)}: ${d.views.toLocaleString('en-US')}`}</title>
              </rect>
            )
          })}
          {previous.length > 0 && (
            <polyline
              points={line}
              fill="none"
              strokeWidth={2}
              strokeDasharray="6 4"
              vectorEffect="non-scaling-stroke"
              className="stroke-secondary-ink"
            />
          )}
        </svg>
      </div>
      {first && last && (
        <div className="flex justify-between pl-8 text-xs text-slate-500" aria-hidden="true">
          <span>{dayLabel(first.day)}</span>
          <span>{dayLabel(last.day)}</span>
        </div>
      )}
      <details id={tableId} className="text-sm">
        <summary className="cursor-pointer font-medium text-slate-700 hover:text-slate-950">{statsTexts.showTable}</summary>
        <div className="mt-3 max-h-96 overflow-auto">
          <table className="w-full text-left tabular-nums [&_th]:[overflow-wrap:normal]">
            <thead className="sticky top-0 bg-white text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-4 font-medium">
                  {statsTexts.dayColumns.day}
                </th>
                <th scope="col" className="py-1 pr-4 text-right font-medium">
                  {statsTexts.dayColumns.views}
                </th>
                <th scope="col" className="py-1 pr-4 text-right font-medium">
                  {statsTexts.dayColumns.visits}
                </th>
                <th scope="col" className="py-1 pr-4 text-right font-medium">
                  {statsTexts.dayColumns.enquiries}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {statsTexts.dayColumns.previousViews(periodDays)}
                </th>
              </tr>
            </thead>
            <tbody>
              {current
                .map((d, i) => ({ d, before: previous[i] }))
                .reverse()
                .map(({ d, before }) => (
                  <tr key={d.day} className="border-t border-slate-100">
                    <th scope="row" className="py-1 pr-4 font-normal whitespace-nowrap">
                      {dayLabel(d.day)}
                    </th>
                    <td className="py-1 pr-4 text-right">{d.views}</td>
                    <td className="py-1 pr-4 text-right">{d.visits}</td>
                    <td className="py-1 pr-4 text-right">{d.enquiries}</td>
                    <td className="py-1 text-right">{before?.views ?? 0}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  )
}
