// Reads the contact form submissions, newest first (signed-in users only, by RLS).
import { supabase } from '@/lib/supabase'
import { useQuery } from '@/lib/use-query'
import type { ContactMessage } from '../types'

export async function getContactMessages(): Promise<ContactMessage[]> {
  const { data, error } = await supabase.from('contact_messages').select('*').order('created_at', { ascending: false })
  if (error) throw error
  return (data ?? []) as ContactMessage[]
}

export function useContactMessages() {
  return useQuery('contact_messages', getContactMessages)
}
