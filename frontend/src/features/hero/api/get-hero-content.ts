// Reads the hero_content row (there is at most one) for the landing page.
import { loadSupabase } from '@/lib/load-supabase'
import { inlinedRow } from '@/lib/page-data'
import { withDraft } from '@/lib/preview-drafts'
import { useQuery } from '@/lib/use-query'
import type { HeroContent } from '../types'

export async function getHeroContent(): Promise<HeroContent | null> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.from('hero_content').select('*').limit(1).maybeSingle()
  if (error) throw error
  return withDraft('hero_content', data as HeroContent | null)
}

export function useHeroContent() {
  return useQuery('hero_content', getHeroContent, () => inlinedRow<HeroContent>('hero_content'))
}
