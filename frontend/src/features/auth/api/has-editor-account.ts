// Whether the site has an editor account yet (POST /rest/v1/rpc/has_editor_account, a
// boolean and nothing more): the sign-in screen explains `pleat user add` only while it has none.
import { supabase } from '@/lib/supabase'
import { useQuery } from '@/lib/use-query'

export async function hasEditorAccount(): Promise<boolean> {
  const { data, error } = await supabase.rpc('has_editor_account')
  if (error) throw error
  return data === true
}

export function useHasEditorAccount() {
  return useQuery('has_editor_account', hasEditorAccount)
}
