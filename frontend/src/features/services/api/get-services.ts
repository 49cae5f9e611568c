// Reads every service card, in the owner's order.
import { loadSupabase } from '@/lib/load-supabase'
import { inlinedRows } from '@/lib/page-data'
import { withDrafts } from '@/lib/preview-drafts'
import { useQuery } from '@/lib/use-query'
import type { Service } from '../types'

export async function getServices(): Promise<Service[]> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.from('services').select('*').order('sort_order', { ascending: true })
  if (error) throw error
  return withDrafts('services', (data ?? []) as Service[])
}

export function useServices() {
  return useQuery('services', getServices, () => inlinedRows<Service>('services'))
}
