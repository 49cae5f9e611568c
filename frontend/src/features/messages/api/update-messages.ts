// Writes on several messages at once, each one request: mark read or unread
// (PATCH read_at where id in …) and delete (DELETE where id in …). Editors only, by RLS;
// reading the rows back tells a refused write from a done one.
import { supabase } from '@/lib/supabase'
import { useMutation } from '@/lib/use-mutation'

export async function setMessagesRead(ids: readonly string[], read: boolean): Promise<void> {
  const { data, error } = await supabase
    .from('contact_messages')
    .update({ read_at: read ? new Date().toISOString() : null })
    .in('id', [...ids])
    .select('id')
  if (error) throw error
  if ((data ?? []).length !== ids.length) throw new Error('Some messages could not be updated')
}

export async function deleteContactMessages(ids: readonly string[]): Promise<void> {
  const { data, error } = await supabase
    .from('contact_messages')
    .delete()
    .in('id', [...ids])
    .select('id')
  if (error) throw error
  if ((data ?? []).length === 0) throw new Error('No message was deleted')
}

export function useSetMessagesRead() {
  return useMutation(setMessagesRead)
}

export function useDeleteContactMessages() {
  return useMutation(deleteContactMessages)
}
