// Reads one legal page's row. The page pleat renders has it inlined under its own name
// (legal_terms, legal_privacy: pages.json), so moving from one legal page to the other
// never takes the first page's row for the second.
import { loadSupabase } from '@/lib/load-supabase'
import { inlinedRow } from '@/lib/page-data'
import { withDraft } from '@/lib/preview-drafts'
import { useQuery } from '@/lib/use-query'
import type { LegalPageRow, LegalSlug } from '../types'

export async function getLegalPage(slug: LegalSlug): Promise<LegalPageRow | null> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.from('legal_pages').select('id, slug, body_html, updated_at').eq('slug', slug).maybeSingle()
  if (error) throw error
  return withDraft('legal_pages', data as LegalPageRow | null)
}

// One fetcher per page, made once: a query's refetch is as stable as its fetcher.
const fetchers: Record<LegalSlug, () => Promise<LegalPageRow | null>> = {
  terms: () => getLegalPage('terms'),
  privacy: () => getLegalPage('privacy'),
}
const inlined: Record<LegalSlug, () => LegalPageRow | null | undefined> = {
  terms: () => inlinedRow<LegalPageRow>('legal_terms'),
  privacy: () => inlinedRow<LegalPageRow>('legal_privacy'),
}

export function useLegalPage(slug: LegalSlug) {
  return useQuery(`legal_${slug}`, fetchers[slug], inlined[slug])
}
