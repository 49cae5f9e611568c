// The Site Texts editor's values and the site_texts payload it saves. A new category
// gets its value (the slug projects store) from its label once, when saved; renaming one
// changes its label only, so the projects keep it.
import { categoryLabel, resolveSiteTexts } from './resolve'
import type { Category, SiteTextsRow, Stat } from './types'
import { siteTextsAdmin as t } from './texts'

/** The one-line and paragraph texts, by column. */
export const textColumns = [
  'services_eyebrow',
  'services_heading',
  'services_intro',
  'featured_eyebrow',
  'featured_heading',
  'featured_intro',
  'about_eyebrow',
  'testimonials_eyebrow',
  'testimonials_heading',
  'testimonials_intro',
  'contact_eyebrow',
  'contact_heading',
  'contact_intro',
  'reply_promise',
  'title_suffix',
  'portfolio_description',
] as const
export type TextColumn = (typeof textColumns)[number]

/** The texts that cannot be empty: a section needs its heading, the thank-you its promise. */
const requiredColumns: readonly TextColumn[] = [
  'services_heading',
  'featured_heading',
  'testimonials_heading',
  'contact_heading',
  'reply_promise',
  'portfolio_description',
]

export type SiteTextsFormValues = Record<TextColumn, string> & {
  about_stats: Stat[]
  show_about_stats: boolean
  /** True: the footer lists the services' titles; false: `footer_services`. */
  follow_services: boolean
  footer_services: string[]
  /** A category added in this form has the value '' until it is saved. */
  portfolio_categories: Category[]
}

export type SiteTextsPayload = Record<TextColumn, string> & {
  about_stats: Stat[]
  show_about_stats: boolean
  footer_services: string[] | null
  portfolio_categories: Category[]
}

export function siteTextsFormValues(row: SiteTextsRow | null): SiteTextsFormValues {
  const site = resolveSiteTexts(row)
  const texts = Object.fromEntries(
    textColumns.map((column) => [column, typeof row?.[column] === 'string' ? row[column] : defaultText(site, column)]),
  ) as Record<TextColumn, string>
  return {
    ...texts,
    about_stats: site.aboutStats,
    show_about_stats: site.showAboutStats,
    follow_services: site.footerServices === null,
    footer_services: site.footerServices ?? [],
    portfolio_categories: site.categories,
  }
}

function defaultText(site: ReturnType<typeof resolveSiteTexts>, column: TextColumn): string {
  const [section, part] = column.split(/_(?=[^_]+$)/) as [string, string]
  if (column === 'reply_promise') return site.replyPromise
  if (column === 'title_suffix') return site.titleSuffix
  if (column === 'portfolio_description') return site.portfolioDescription
  const texts = site[section as 'services'] as unknown as Record<string, string>
  return texts[part] ?? ''
}

/** A slug for `label` ('Re-upholstery & Repairs': 're-upholstery-repairs') not in `taken`. */
export function categoryValue(label: string, taken: ReadonlySet<string>): string {
  const base =
    label
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 36)
      .replace(/-+$/, '') || 'category'
  let value = base
  for (let n = 2; taken.has(value); n += 1) value = `${base}-${n}`
  return value
}

/** The message when the values cannot be saved, else null. */
export function checkSiteTexts(values: SiteTextsFormValues): string | null {
  if (requiredColumns.some((column) => values[column].trim() === '')) return t.requiredTexts
  if (values.about_stats.some((stat) => !stat.value.trim() || !stat.label.trim())) return t.stats.incomplete
  if (!values.follow_services && values.footer_services.some((name) => !name.trim())) return t.footer.incomplete
  if (values.portfolio_categories.length === 0) return t.categories.none
  if (values.portfolio_categories.some((category) => !category.label.trim())) return t.categories.incomplete
  return null
}

export function buildSiteTextsPayload(values: SiteTextsFormValues): SiteTextsPayload {
  const texts = Object.fromEntries(
    // The suffix follows the business name as typed, so its leading space stays.
    textColumns.map((column) => [column, column === 'title_suffix' ? values[column].trimEnd() : values[column].trim()]),
  ) as Record<TextColumn, string>
  const taken = new Set(values.portfolio_categories.map((category) => category.value).filter(Boolean))
  const portfolio_categories = values.portfolio_categories.map((category) => {
    if (category.value) return { value: category.value, label: category.label.trim() }
    const value = categoryValue(category.label, taken)
    taken.add(value)
    return { value, label: category.label.trim() }
  })
  return {
    ...texts,
    about_stats: values.about_stats.map((stat) => ({ value: stat.value.trim(), label: stat.label.trim() })),
    show_about_stats: values.show_about_stats,
    footer_services: values.follow_services ? null : values.footer_services.map((name) => name.trim()),
    portfolio_categories,
  }
}

/**
 * The message when the values remove a category some project still has (the database
 * refuses that save too), else null. `projects` are the stored projects. A category
 * added back under its old name is the same category again.
 */
export function categoryInUse(
  values: SiteTextsFormValues,
  saved: readonly Category[],
  projects: readonly { category: string }[] | undefined,
): string | null {
  const kept = new Set(buildSiteTextsPayload(values).portfolio_categories.map((category) => category.value))
  const counts = new Map<string, number>()
  for (const project of projects ?? []) {
    if (!kept.has(project.category)) counts.set(project.category, (counts.get(project.category) ?? 0) + 1)
  }
  const [value, count] = [...counts][0] ?? []
  if (value === undefined || count === undefined) return null
  return t.categories.inUse(categoryLabel(value, saved), count)
}
