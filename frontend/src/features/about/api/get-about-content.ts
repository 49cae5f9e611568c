// Reads the about_content row (there is at most one).
import { loadSupabase } from '@/lib/load-supabase'
import { inlinedRow } from '@/lib/page-data'
import { withDraft } from '@/lib/preview-drafts'
import { useQuery } from '@/lib/use-query'
import type { AboutContent } from '../types'

export async function getAboutContent(): Promise<AboutContent | null> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.from('about_content').select('*').limit(1).maybeSingle()
  if (error) throw error
  return withDraft('about_content', data as AboutContent | null)
}

export function useAboutContent() {
  return useQuery('about_content', getAboutContent, () => inlinedRow<AboutContent>('about_content'))
}
