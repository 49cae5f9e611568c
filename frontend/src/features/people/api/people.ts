// Who has access to the admin (site_people(): editors and viewers, with their last
// sign-in) and changing it (set_site_role(): editor, viewer, or none, which also ends the
// person's sessions). The database allows the change to editors only, never on themselves.
import { supabase } from '@/lib/supabase'
import { useMutation } from '@/lib/use-mutation'
import { useQuery } from '@/lib/use-query'

export type SiteRole = 'editor' | 'viewer'

export interface Person {
  id: string
  email: string
  role: SiteRole
  last_sign_in_at: string | null
  invited_at: string | null
  signed_up: boolean
}

export async function getPeople(): Promise<Person[]> {
  const { data, error } = await supabase.rpc('site_people')
  if (error) throw error
  return (data ?? []).map((p) => ({ ...p, role: p.role === 'editor' ? 'editor' : 'viewer' }))
}

export function usePeople() {
  return useQuery('site_people', getPeople)
}

export async function setSiteRole(person: string, role: SiteRole | 'none'): Promise<void> {
  const { error } = await supabase.rpc('set_site_role', { person, new_role: role })
  if (error) throw error
}

export function useSetSiteRole() {
  return useMutation(setSiteRole)
}
