// The hero editor's values, its one rule, and the hero_content payload it saves:
// every field trimmed and cut to its limit, updated_at stamped.
import { adminTexts } from '@/config/admin'
import { heroDefaults, limits } from '@/config/site'
import { formatFocus, parseFocus } from '@/features/media/focal-point'
import type { HeroContent } from './types'

export interface HeroFormValues {
  title: string
  subtitle: string
  backgroundImage: string
  /** Alt text of the background photo; empty: decorative. */
  backgroundImageAlt: string
  /** Focal point of the background photo, as stored ('X Y'; empty: the centre). */
  backgroundFocus: string
  ctaText: string
  ctaSecondaryText: string
}

export type HeroContentPayload = Omit<HeroContent, 'id'> & { updated_at: string }

/** The stored row's values; the spec defaults when there is no row yet. */
export function heroFormValues(hero: HeroContent | null | undefined): HeroFormValues {
  if (!hero) {
    return {
      title: heroDefaults.title,
      subtitle: heroDefaults.subtitle,
      backgroundImage: heroDefaults.backgroundImage,
      backgroundImageAlt: '',
      backgroundFocus: '',
      ctaText: heroDefaults.ctaText,
      ctaSecondaryText: heroDefaults.ctaSecondaryText,
    }
  }
  return {
    title: hero.title ?? '',
    subtitle: hero.subtitle ?? '',
    backgroundImage: hero.background_image ?? '',
    backgroundImageAlt: hero.background_image_alt ?? '',
    backgroundFocus: hero.background_focus ?? '',
    ctaText: hero.cta_text ?? '',
    ctaSecondaryText: hero.cta_secondary_text ?? '',
  }
}

export function validateHero(values: HeroFormValues): string | null {
  return values.title.trim() && values.subtitle.trim() ? null : adminTexts.hero.required
}

const clean = (value: string, max: number) => value.trim().slice(0, max)

export function buildHeroPayload(values: HeroFormValues, now: Date = new Date()): HeroContentPayload {
  const max = limits.hero
  return {
    title: clean(values.title, max.title),
    subtitle: clean(values.subtitle, max.subtitle),
    background_image: clean(values.backgroundImage, max.backgroundImage),
    background_image_alt: clean(values.backgroundImageAlt, limits.imageAlt) || null,
    background_focus: formatFocus(parseFocus(values.backgroundFocus)) || null,
    cta_text: clean(values.ctaText, max.ctaText),
    cta_secondary_text: clean(values.ctaSecondaryText, max.ctaSecondaryText),
    updated_at: now.toISOString(),
  }
}
