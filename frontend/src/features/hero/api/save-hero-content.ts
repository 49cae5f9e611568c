// Saves the hero: PATCH hero_content by id only if it is still the version loaded (a conflict otherwise), or insert the row when there is none yet.
import { saveSingleRow, type GuardedSave } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'
import type { HeroContentPayload } from '../hero-payload'
import type { HeroContent } from '../types'

export function saveHeroContent(loaded: HeroContent | null, payload: HeroContentPayload): Promise<GuardedSave<HeroContent>> {
  return saveSingleRow<HeroContent>('hero_content', loaded, payload)
}

export function useSaveHeroContent() {
  return useMutation(saveHeroContent)
}
