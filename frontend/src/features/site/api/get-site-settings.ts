// Reads the site_settings row (there is at most one).
import { loadSupabase } from '@/lib/load-supabase'
import { inlinedRow } from '@/lib/page-data'
import { withDraft } from '@/lib/preview-drafts'
import { useQuery } from '@/lib/use-query'
import type { SiteSettings } from '../types'

export async function getSiteSettings(): Promise<SiteSettings | null> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.from('site_settings').select('*').limit(1).maybeSingle()
  if (error) throw error
  return withDraft('site_settings', data as SiteSettings | null)
}

export function useSiteSettings() {
  return useQuery('site_settings', getSiteSettings, () => inlinedRow<SiteSettings>('site_settings'))
}
