// Reads every portfolio item in the owner's order. The landing page picks its featured
// items from the same list, so visiting /portfolio afterwards needs no second request.
import { loadSupabase } from '@/lib/load-supabase'
import { inlinedRows } from '@/lib/page-data'
import { withDrafts } from '@/lib/preview-drafts'
import { useQuery } from '@/lib/use-query'
import type { PortfolioItem } from '../types'

export async function getPortfolioItems(): Promise<PortfolioItem[]> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.from('portfolio_items').select('*').order('sort_order', { ascending: true })
  if (error) throw error
  return withDrafts('portfolio_items', (data ?? []) as PortfolioItem[])
}

export function usePortfolioItems() {
  return useQuery('portfolio_items', getPortfolioItems, () => inlinedRows<PortfolioItem>('portfolio_items'))
}
