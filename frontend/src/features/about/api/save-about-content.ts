// Saves the about section: PATCH about_content by id only if it is still the version loaded (a conflict otherwise), or insert the row (without an id)
// when there is none yet.
import { saveSingleRow, type GuardedSave } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'
import type { AboutContentPayload } from '../about-payload'
import type { AboutContent } from '../types'

export function saveAboutContent(loaded: AboutContent | null, payload: AboutContentPayload): Promise<GuardedSave<AboutContent>> {
  return saveSingleRow<AboutContent>('about_content', loaded, payload)
}

export function useSaveAboutContent() {
  return useMutation(saveAboutContent)
}
