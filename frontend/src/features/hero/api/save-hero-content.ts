// Saves the hero: PATCH hero_content by id, or insert the row when there is none yet.
import { saveSingleRow } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'
import type { HeroContentPayload } from '../hero-payload'
import type { HeroContent } from '../types'

export function saveHeroContent(id: string | null | undefined, payload: HeroContentPayload): Promise<HeroContent> {
  return saveSingleRow<HeroContent>('hero_content', id, payload)
}

export function useSaveHeroContent() {
  return useMutation(saveHeroContent)
}
