// Reads the contact_info row (there is at most one).
import { loadSupabase } from '@/lib/load-supabase'
import { inlinedRow } from '@/lib/page-data'
import { withDraft } from '@/lib/preview-drafts'
import { useQuery } from '@/lib/use-query'
import type { ContactInfo } from '../types'

export async function getContactInfo(): Promise<ContactInfo | null> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.from('contact_info').select('*').limit(1).maybeSingle()
  if (error) throw error
  return withDraft('contact_info', data as ContactInfo | null)
}

export function useContactInfo() {
  return useQuery('contact_info', getContactInfo, () => inlinedRow<ContactInfo>('contact_info'))
}
