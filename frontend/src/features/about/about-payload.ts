// The about editor's values and the about_content payload it saves:
// numbers default to 0 in the form and are whole and never negative.
import type { AboutContent } from './types'

export interface AboutFormValues {
  title: string
  content: string
  imageUrl: string
  /** Alt text of the photo; empty: the section title. */
  imageAlt: string
  /** As typed in the number fields. */
  yearsExperience: string
  projectsCompleted: string
}

export interface AboutContentPayload {
  title: string
  content: string
  image_url: string | null
  image_alt: string | null
  years_experience: number
  projects_completed: number
  updated_at: string
}

export function aboutFormValues(about: AboutContent | null | undefined): AboutFormValues {
  return {
    title: about?.title ?? '',
    content: about?.content ?? '',
    imageUrl: about?.image_url ?? '',
    imageAlt: about?.image_alt ?? '',
    yearsExperience: String(about?.years_experience ?? 0),
    projectsCompleted: String(about?.projects_completed ?? 0),
  }
}

/** A count from a number field: a whole number, 0 for anything empty, negative or not a number. */
export function toCount(value: string): number {
  const n = Math.trunc(Number(value))
  return Number.isFinite(n) && n > 0 ? n : 0
}

export function isAboutComplete(values: AboutFormValues): boolean {
  return values.title.trim() !== '' && values.content.trim() !== ''
}

export function buildAboutPayload(values: AboutFormValues, now: Date = new Date()): AboutContentPayload {
  return {
    title: values.title.trim(),
    content: values.content.trim(),
    image_url: values.imageUrl.trim() || null,
    image_alt: values.imageAlt.trim().slice(0, 300) || null,
    years_experience: toCount(values.yearsExperience),
    projects_completed: toCount(values.projectsCompleted),
    updated_at: now.toISOString(),
  }
}
