// "Back up now" (rpc('request_backup')): the id of the backup asked for; while one is
// already waiting or running, that one's id.
import { supabase } from '@/lib/supabase'
import { useMutation } from '@/lib/use-mutation'

export async function requestBackup(): Promise<number> {
  const { data, error } = await supabase.rpc('request_backup')
  if (error) throw error
  return data as number
}

export function useRequestBackup() {
  return useMutation(requestBackup)
}
