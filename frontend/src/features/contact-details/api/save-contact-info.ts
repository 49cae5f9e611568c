// Saves the business's contact details: PATCH contact_info by id, or insert the row when there is none.
import type { ContactInfo } from '@/features/site/types'
import { saveSingleRow } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'
import type { ContactDetailsPayload } from '../contact-details'

export function saveContactInfo(id: string | null | undefined, payload: ContactDetailsPayload): Promise<ContactInfo> {
  return saveSingleRow<ContactInfo>('contact_info', id, payload)
}

export function useSaveContactInfo() {
  return useMutation(saveContactInfo)
}
