// "Keep as is": records a checklist item's key in site_texts.confirmed_defaults
// (rpc('confirm_site_default'), editors only), then reads the texts again.
import { loadSupabase } from '@/lib/load-supabase'
import { useMutation } from '@/lib/use-mutation'

export async function confirmDefault(key: string): Promise<string[]> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.rpc('confirm_site_default', { item: key })
  if (error) throw error
  return data ?? []
}

export function useConfirmDefault() {
  return useMutation(confirmDefault)
}
