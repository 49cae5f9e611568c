// "Send new enquiries to": the one row of public.notification_settings (editors only);
// null means the contact email.
import { supabase } from '@/lib/supabase'
import { useMutation } from '@/lib/use-mutation'
import { useQuery } from '@/lib/use-query'

export async function getNotificationEmail(): Promise<string | null> {
  const { data, error } = await supabase.from('notification_settings').select('notification_email').eq('id', true).maybeSingle()
  if (error) throw error
  return (data?.notification_email as string | null | undefined) ?? null
}

export async function saveNotificationEmail(email: string | null): Promise<void> {
  const { error } = await supabase.from('notification_settings').update({ notification_email: email }).eq('id', true)
  if (error) throw error
}

export function useNotificationEmail() {
  return useQuery('notification_settings', getNotificationEmail)
}

export function useSaveNotificationEmail() {
  return useMutation(saveNotificationEmail)
}
