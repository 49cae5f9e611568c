// Saves the site texts over the version the editor loaded (a conflict otherwise), or
// inserts the row when there is none yet.
import { saveSingleRow, type GuardedSave } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'
import type { SiteTextsPayload } from '../site-texts-payload'
import type { SiteTextsRow } from '../types'

export function saveSiteTexts(loaded: SiteTextsRow | null, payload: SiteTextsPayload): Promise<GuardedSave<SiteTextsRow>> {
  return saveSingleRow<SiteTextsRow>('site_texts', loaded, payload)
}

export function useSaveSiteTexts() {
  return useMutation(saveSiteTexts)
}
