// Writes on messages: mark several read or unread (PATCH read_at where id in …), set one
// message's status or private note, and delete several (DELETE where id in …). Editors only,
// by RLS; reading the rows back tells a refused write from a done one.
import { supabase } from '@/lib/supabase'
import { useMutation } from '@/lib/use-mutation'
import type { MessageStatus } from '../types'

export async function setMessagesRead(ids: readonly string[], read: boolean): Promise<void> {
  const { data, error } = await supabase
    .from('contact_messages')
    .update({ read_at: read ? new Date().toISOString() : null })
    .in('id', [...ids])
    .select('id')
  if (error) throw error
  if ((data ?? []).length !== ids.length) throw new Error('Some messages could not be updated')
}

/** PATCH status of one message; the row read back is the proof it was written. */
export async function setMessageStatus(id: string, status: MessageStatus): Promise<void> {
  const { data, error } = await supabase.from('contact_messages').update({ status }).eq('id', id).select('id')
  if (error) throw error
  if ((data ?? []).length !== 1) throw new Error('The message could not be updated')
}

/** PATCH the private note of one message (empty clears it). */
export async function saveMessageNote(id: string, note: string): Promise<void> {
  const value = note.trim() === '' ? null : note
  const { data, error } = await supabase.from('contact_messages').update({ note: value }).eq('id', id).select('id')
  if (error) throw error
  if ((data ?? []).length !== 1) throw new Error('The note could not be saved')
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

export function useSetMessageStatus() {
  return useMutation(setMessageStatus)
}

export function useSaveMessageNote() {
  return useMutation(saveMessageNote)
}

export function useDeleteContactMessages() {
  return useMutation(deleteContactMessages)
}
