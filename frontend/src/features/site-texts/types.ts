// The site_texts row as stored, and the texts the public pages use once its values are
// checked and the spec's defaults fill any gap (resolve.ts).
import type { Tables } from '@/lib/database.types'

export type SiteTextsRow = Tables<'site_texts'>

/** A figure of the About section: '100%', 'Client Satisfaction'. */
export interface Stat {
  value: string
  label: string
}

/** A portfolio category: the value a project stores and the label visitors read. */
export interface Category {
  value: string
  label: string
}

export interface SectionTexts {
  eyebrow: string
  heading: string
  intro: string
}

export interface SiteTexts {
  services: SectionTexts
  featured: SectionTexts
  about: { eyebrow: string }
  testimonials: SectionTexts
  contact: SectionTexts
  /** Completes "We'll get back to you …". */
  replyPromise: string
  aboutStats: Stat[]
  showAboutStats: boolean
  /** The footer's services as the owner set them; null: the services list's titles. */
  footerServices: string[] | null
  categories: Category[]
  titleSuffix: string
  portfolioDescription: string
  /** Setup checklist keys the owner kept as they are. */
  confirmedDefaults: string[]
}
