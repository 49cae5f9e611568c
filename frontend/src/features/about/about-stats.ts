// The about section's figures: the two stored counts with their display defaults
// (a missing or zero count shows 10 and 500) and the owner's figures (site_texts,
// the spec's two claims by default); none when the owner hides them.
import { displayDefaults, texts } from '@/config/site'
import { defaultSiteTexts } from '@/features/site-texts/resolve'
import type { SiteTexts } from '@/features/site-texts/types'
import type { AboutContent } from './types'

export interface Stat {
  value: string
  label: string
}

function count(value: number | null | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback
}

export function aboutStats(
  about: AboutContent | null | undefined,
  site: Pick<SiteTexts, 'aboutStats' | 'showAboutStats'> = defaultSiteTexts,
): Stat[] {
  if (!site.showAboutStats) return []
  return [
    { value: `${count(about?.years_experience, displayDefaults.yearsExperience)}+`, label: texts.about.yearsLabel },
    { value: `${count(about?.projects_completed, displayDefaults.projectsCompleted)}+`, label: texts.about.projectsLabel },
    ...site.aboutStats,
  ]
}

export function aboutTitle(about: AboutContent | null | undefined): string {
  return about?.title?.trim() || displayDefaults.aboutTitle
}
