// Saves the about section: PATCH about_content by id, or insert the row (without an id)
// when there is none yet.
import { saveSingleRow } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'
import type { AboutContentPayload } from '../about-payload'
import type { AboutContent } from '../types'

export function saveAboutContent(id: string | null | undefined, payload: AboutContentPayload): Promise<AboutContent> {
  return saveSingleRow<AboutContent>('about_content', id, payload)
}

export function useSaveAboutContent() {
  return useMutation(saveAboutContent)
}
