// The texts the pages show for a site_texts row: its values, with the spec's text for a
// missing row (a site whose row is not read yet, or was deleted) and for any value that
// is not of the shape the database allows (a draft preview overlays unchecked values).
import { aboutStaticStats, defaultPortfolioCategories, footerServices, siteConfig, texts } from '@/config/site'
import { formatCategoryLabel } from '@/lib/format'
import type { Category, SiteTexts, SiteTextsRow, Stat } from './types'

const str = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback)
const heading = (value: unknown, fallback: string): string => (typeof value === 'string' && value.trim() ? value : fallback)

function pairs(value: unknown): { value: string; label: string }[] | null {
  if (!Array.isArray(value)) return null
  const items = value.filter(
    (item): item is Record<'value' | 'label', string> =>
      item !== null && typeof item === 'object' && typeof item.value === 'string' && typeof item.label === 'string',
  )
  return items.map((item) => ({ value: item.value, label: item.label }))
}

function names(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null
  return value.filter((name): name is string => typeof name === 'string' && name.trim() !== '')
}

export const defaultSiteTexts: SiteTexts = {
  services: { eyebrow: texts.services.eyebrow, heading: texts.services.heading, intro: texts.services.intro },
  featured: { eyebrow: texts.featured.eyebrow, heading: texts.featured.heading, intro: texts.featured.intro },
  about: { eyebrow: texts.about.eyebrow },
  testimonials: { eyebrow: texts.testimonials.eyebrow, heading: texts.testimonials.heading, intro: texts.testimonials.intro },
  contact: { eyebrow: texts.contact.eyebrow, heading: texts.contact.heading, intro: texts.contact.intro },
  replyPromise: texts.contact.replyPromise,
  aboutStats: aboutStaticStats.map((stat) => ({ ...stat })),
  showAboutStats: true,
  footerServices: [...footerServices],
  categories: defaultPortfolioCategories.map((category) => ({ ...category })),
  titleSuffix: siteConfig.titleSuffix,
  portfolioDescription: texts.portfolioPage.intro,
  confirmedDefaults: [],
}

export function resolveSiteTexts(row: Partial<SiteTextsRow> | null | undefined): SiteTexts {
  const d = defaultSiteTexts
  if (!row) return d
  const section = (prefix: 'services' | 'featured' | 'testimonials' | 'contact') => ({
    eyebrow: str(row[`${prefix}_eyebrow`], d[prefix].eyebrow),
    heading: heading(row[`${prefix}_heading`], d[prefix].heading),
    intro: str(row[`${prefix}_intro`], d[prefix].intro),
  })
  const categories = pairs(row.portfolio_categories)
  return {
    services: section('services'),
    featured: section('featured'),
    about: { eyebrow: str(row.about_eyebrow, d.about.eyebrow) },
    testimonials: section('testimonials'),
    contact: section('contact'),
    replyPromise: heading(row.reply_promise, d.replyPromise),
    aboutStats: pairs(row.about_stats) ?? d.aboutStats,
    showAboutStats: typeof row.show_about_stats === 'boolean' ? row.show_about_stats : true,
    footerServices: row.footer_services === null ? null : (names(row.footer_services) ?? d.footerServices),
    categories: categories && categories.length > 0 ? categories : d.categories,
    titleSuffix: str(row.title_suffix, d.titleSuffix),
    portfolioDescription: heading(row.portfolio_description, d.portfolioDescription),
    confirmedDefaults: Array.isArray(row.confirmed_defaults) ? row.confirmed_defaults : [],
  }
}

/** The label of a project's category: the owner's, else the value in words ('furniture-covers': 'Furniture Covers'). */
export function categoryLabel(value: string | null | undefined, categories: readonly Category[]): string {
  return categories.find((category) => category.value === value)?.label ?? formatCategoryLabel(value)
}

/** The categories to choose from, with `current` added when the list no longer has it (so it shows as it is). */
export function categoryOptions(categories: readonly Category[], current: string): Category[] {
  if (!current || categories.some((category) => category.value === current)) return [...categories]
  return [...categories, { value: current, label: formatCategoryLabel(current) }]
}

/**
 * The categories the projects use: the owner's, in the owner's order, then any a project
 * has that the list no longer names (labelled from its value), in the order first used.
 */
export function usedCategories(categories: readonly Category[], items: readonly { category: string }[]): Category[] {
  const used = new Set(items.map((item) => item.category).filter(Boolean))
  const named = categories.filter((category) => used.has(category.value))
  const others = [...used]
    .filter((value) => !categories.some((category) => category.value === value))
    .map((value) => ({ value, label: formatCategoryLabel(value) }))
  return [...named, ...others]
}

/** The footer's services: the owner's list, or the services' titles in their order. */
export function footerServiceNames(site: SiteTexts, services: readonly { title: string }[] | undefined): string[] {
  return site.footerServices ?? (services ?? []).map((service) => service.title).filter((title) => title.trim() !== '')
}

export type { Stat }
