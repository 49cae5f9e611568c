// Reads the site_texts row (there is one) and resolves it with the spec's defaults.
import { useCallback, useMemo } from 'react'
import { loadSupabase } from '@/lib/load-supabase'
import { inlinedRow } from '@/lib/page-data'
import { withDraft } from '@/lib/preview-drafts'
import { useQuery } from '@/lib/use-query'
import { categoryLabel, resolveSiteTexts } from '../resolve'
import type { SiteTexts, SiteTextsRow } from '../types'

export async function getSiteTextsRow(): Promise<SiteTextsRow | null> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.from('site_texts').select('*').limit(1).maybeSingle()
  if (error) throw error
  return withDraft('site_texts', data as SiteTextsRow | null)
}

/** The row itself, for the admin's editor and the checklist. */
export function useSiteTextsRow() {
  return useQuery('site_texts', getSiteTextsRow, () => inlinedRow<SiteTextsRow>('site_texts'))
}

/** What the public pages say: the spec's texts until the row is read, or when it cannot be. */
export function useSiteTexts(): SiteTexts {
  const { data } = useSiteTextsRow()
  return useMemo(() => resolveSiteTexts(data), [data])
}

/** A project's category as visitors read it: the owner's label for it. */
export function useCategoryLabel(): (value: string | null | undefined) => string {
  const { categories } = useSiteTexts()
  return useCallback((value) => categoryLabel(value, categories), [categories])
}
