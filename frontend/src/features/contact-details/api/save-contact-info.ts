// Saves the business's contact details: PATCH contact_info by id only if it is still the version loaded (a conflict otherwise), or insert the row when there is none.
import type { ContactInfo } from '@/features/site/types'
import { saveSingleRow, type GuardedSave } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'
import type { ContactDetailsPayload } from '../contact-details'

export function saveContactInfo(loaded: ContactInfo | null, payload: ContactDetailsPayload): Promise<GuardedSave<ContactInfo>> {
  return saveSingleRow<ContactInfo>('contact_info', loaded, payload)
}

export function useSaveContactInfo() {
  return useMutation(saveContactInfo)
}
