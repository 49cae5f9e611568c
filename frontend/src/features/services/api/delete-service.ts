// Removes a service card (DELETE services by id, only if it is still the version the list showed).
import { deleteRowIfUnchanged, type GuardedDelete } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'
import type { Service } from '../types'

export function deleteService(loaded: Service): Promise<GuardedDelete> {
  return deleteRowIfUnchanged('services', loaded)
}

export function useDeleteService() {
  return useMutation(deleteService)
}
