// Changes a service card (PATCH services by id, with updated_at).
import { updateRow } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'
import type { ServiceUpdatePayload } from '../service-payload'
import type { Service } from '../types'

export function updateService(id: string, payload: ServiceUpdatePayload): Promise<Service> {
  return updateRow<Service>('services', id, payload)
}

export function useUpdateService() {
  return useMutation(updateService)
}
