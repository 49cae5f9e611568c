// Changes a service card (PATCH services by id, with updated_at, only if it is still the version loaded: a conflict otherwise).
import { updateRowIfUnchanged, type GuardedSave } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'
import type { ServiceUpdatePayload } from '../service-payload'
import type { Service } from '../types'

export function updateService(loaded: Service, payload: ServiceUpdatePayload): Promise<GuardedSave<Service>> {
  return updateRowIfUnchanged<Service>('services', loaded, payload)
}

export function useUpdateService() {
  return useMutation(updateService)
}
