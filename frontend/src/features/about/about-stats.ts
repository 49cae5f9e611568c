// The about section's four figures: the two stored counts with their display defaults
// (a missing or zero count shows 10 and 500) and the two static ones.
import { aboutStaticStats, displayDefaults, texts } from '@/config/site'
import type { AboutContent } from './types'

export interface Stat {
  value: string
  label: string
}

function count(value: number | null | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback
}

export function aboutStats(about: AboutContent | null | undefined): Stat[] {
  return [
    { value: `${count(about?.years_experience, displayDefaults.yearsExperience)}+`, label: texts.about.yearsLabel },
    { value: `${count(about?.projects_completed, displayDefaults.projectsCompleted)}+`, label: texts.about.projectsLabel },
    ...aboutStaticStats,
  ]
}

export function aboutTitle(about: AboutContent | null | undefined): string {
  return about?.title?.trim() || displayDefaults.aboutTitle
}
