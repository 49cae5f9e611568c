// Removes a contact message (DELETE contact_messages by id).
import { deleteRow } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'

export function deleteContactMessage(id: string): Promise<void> {
  return deleteRow('contact_messages', id)
}

export function useDeleteContactMessage() {
  return useMutation(deleteContactMessage)
}
