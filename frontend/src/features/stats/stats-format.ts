// The pure parts of the Statistics section: the two periods out of the daily counts,
// day labels, and the names shown for pages and referring domains.
import type { DailyStats } from './api/get-site-stats'
import { statsTexts } from './texts'

/** The previous period's days and the current one's, each oldest first, paired by position. */
export function splitPeriods(daily: DailyStats[], periodDays: number): { current: DailyStats[]; previous: DailyStats[] } {
  const current = daily.slice(-periodDays)
  const previous = daily.slice(Math.max(0, daily.length - 2 * periodDays), daily.length - periodDays)
  return { current, previous }
}

/** "Nov 3" for "2026-11-03" (the statistics' days are UTC days). */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
}

export function sourceLabel(source: string): string {
  if (source === '') return statsTexts.direct
  if (source === 'other') return statsTexts.otherSources
  return source
}

export function pageLabel(path: string): string {
  return statsTexts.pageNames[path] ?? path
}

/** The day with the most views (the latest of equals), or null when none had any. */
export function busiestDay(days: DailyStats[]): DailyStats | null {
  let best: DailyStats | null = null
  for (const day of days) if (day.views > 0 && (!best || day.views >= best.views)) best = day
  return best
}
