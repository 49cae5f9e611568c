// Removes a service card (DELETE services by id).
import { deleteRow } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'

export function deleteService(id: string): Promise<void> {
  return deleteRow('services', id)
}

export function useDeleteService() {
  return useMutation(deleteService)
}
