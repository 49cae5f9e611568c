// The hero's texts and image with the spec's defaults for a missing row or blank field.
import { heroDefaults } from '@/config/site'
import { parseFocus, type FocalPoint } from '@/features/media/focal-point'
import type { HeroContent } from './types'

export interface HeroCopy {
  title: string
  subtitle: string
  backgroundImage: string
  /** The owner's alt text; empty (decorative) for the shipped artwork and when none is given. */
  backgroundImageAlt: string
  /** The spot of the background photo the full-screen crop keeps in view. */
  backgroundFocus: FocalPoint
  ctaText: string
  ctaSecondaryText: string
}

function or(value: string | null | undefined, fallback: string): string {
  return value?.trim() ? value.trim() : fallback
}

export function resolveHeroCopy(hero: HeroContent | null | undefined): HeroCopy {
  return {
    title: or(hero?.title, heroDefaults.title),
    subtitle: or(hero?.subtitle, heroDefaults.subtitle),
    backgroundImage: or(hero?.background_image, heroDefaults.backgroundImage),
    backgroundImageAlt: hero?.background_image_alt?.trim() ?? '',
    backgroundFocus: parseFocus(hero?.background_focus),
    ctaText: or(hero?.cta_text, heroDefaults.ctaText),
    ctaSecondaryText: or(hero?.cta_secondary_text, heroDefaults.ctaSecondaryText),
  }
}
