// Adds a service card (POST services, the new row read back).
import { insertRow } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'
import type { ServicePayload } from '../service-payload'
import type { Service } from '../types'

export function createService(payload: ServicePayload): Promise<Service> {
  return insertRow<Service>('services', payload)
}

export function useCreateService() {
  return useMutation(createService)
}
