// What the Statistics section shows (rpc('site_stats'), editors and viewers): the totals
// and the daily counts of the period and the one before it, the pages and the referring
// domains with their counts.
import { supabase } from '@/lib/supabase'
import { useQuery } from '@/lib/use-query'

/** The days shown and compared with the same number of days before them. */
export const STATS_PERIOD_DAYS = 30

export interface StatsTotals {
  views: number
  visits: number
  enquiries: number
}

export interface DailyStats extends StatsTotals {
  /** YYYY-MM-DD, in UTC. */
  day: string
}

export interface SourceStats {
  /** A domain, '' for none (direct), 'other' past the day's cap of domains. */
  source: string
  visits: number
  views: number
  enquiries: number
  previous_visits: number
}

export interface PageStats {
  /** One of the site's routes, or 'other'. */
  path: string
  views: number
  visits: number
  enquiries: number
  previous_views: number
}

export interface SiteStats {
  today: string
  period_days: number
  /** The previous period's days then the current period's, oldest first. */
  daily: DailyStats[]
  current: StatsTotals
  previous: StatsTotals
  sources: SourceStats[]
  pages: PageStats[]
}

export async function getSiteStats(): Promise<SiteStats> {
  const { data, error } = await supabase.rpc('site_stats', { period_days: STATS_PERIOD_DAYS })
  if (error) throw error
  // The function returns json: its shape is this module's, not the schema's.
  return data as unknown as SiteStats
}

export function useSiteStats() {
  return useQuery('site_stats', getSiteStats)
}
