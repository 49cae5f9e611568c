// Saves a legal page over the version the editor loaded (a conflict when someone changed
// it since); the database stamps updated_at, the page's new "Last updated" date.
import { saveSingleRow, type GuardedSave } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'
import type { LegalPagePayload } from '../legal-payload'
import type { LegalPageRow } from '../types'

export function saveLegalPage(loaded: LegalPageRow | null, payload: LegalPagePayload): Promise<GuardedSave<LegalPageRow>> {
  return saveSingleRow<LegalPageRow>('legal_pages', loaded, payload)
}

export function useSaveLegalPage() {
  return useMutation(saveLegalPage)
}
