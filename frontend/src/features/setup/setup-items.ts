// What the admin's setup checklist lists: every placeholder, sample and default claim the
// site still shows in the owner's name, each with the section where it is fixed. The
// items are worked out from the rows alone (pure functions, tested in setup-items.test.ts);
// use-setup-items.ts reads the rows.
import type { AdminSectionKey } from '@/config/admin'
import { aboutStaticStats, footerServices, siteConfig, texts } from '@/config/site'
import { pendingDetails } from '@/features/contact-details/contact-details'
import { contactDetailsTexts } from '@/features/contact-details/texts'
import type { ContactInfo, SiteSettings } from '@/features/site/types'
import type { SiteTexts } from '@/features/site-texts/types'
import { setupTexts as t } from './texts'

export interface SetupItem {
  /** Stable, e.g. 'contact:phone', 'sample:testimonial:<id>', 'claim:about-stats', 'business-name', 'legal:terms'. */
  key: string
  /** What the owner reads in the checklist. */
  label: string
  /** Where the item is fixed. */
  section: AdminSectionKey
  /** True: a "Keep as is" button adds the key to site_texts.confirmed_defaults. */
  confirmable: boolean
}

/** The section holding the business name (with the contact details); the one place that says where it is. */
export const businessNameSection: AdminSectionKey = 'details'

/** The About counts a fresh install ships (20251101000004_seed.sql). */
export const seededCounts = { years_experience: 12, projects_completed: 850 } as const

export function contactItems(info: ContactInfo | null | undefined): SetupItem[] {
  return pendingDetails(info).map((item) => ({
    key: `contact:${item}`,
    label: contactDetailsTexts.checklist[item],
    section: 'details',
    confirmable: false,
  }))
}

interface Sample {
  id: string
  is_sample?: boolean | null
}

export function sampleItems(
  testimonials: readonly (Sample & { name: string })[] | undefined,
  projects: readonly (Sample & { title: string })[] | undefined,
): SetupItem[] {
  return [
    ...(testimonials ?? [])
      .filter((row) => row.is_sample)
      .map((row) => ({
        key: `sample:testimonial:${row.id}`,
        label: t.sampleTestimonial(row.name),
        section: 'testimonials' as const,
        confirmable: false,
      })),
    ...(projects ?? [])
      .filter((row) => row.is_sample)
      .map((row) => ({
        key: `sample:project:${row.id}`,
        label: t.sampleProject(row.title),
        section: 'portfolio' as const,
        confirmable: false,
      })),
  ]
}

interface ClaimSources {
  site: SiteTexts
  about: { years_experience?: number | null; projects_completed?: number | null } | null | undefined
  settings: Pick<SiteSettings, 'site_title'> | null | undefined
}

/** The claims and the name the install shipped that the site still shows. */
export function claimItems({ site, about, settings }: ClaimSources): SetupItem[] {
  const items: SetupItem[] = []
  const shippedStats = site.showAboutStats
    ? site.aboutStats.filter((stat) => aboutStaticStats.some((shipped) => shipped.value === stat.value && shipped.label === stat.label))
    : []
  if (shippedStats.length > 0) {
    items.push({
      key: 'claim:about-stats',
      label: t.aboutStats(shippedStats.map((stat) => `${stat.value} ${stat.label}`)),
      section: 'texts',
      confirmable: true,
    })
  }
  if (site.showAboutStats && about) {
    const counts = [
      about.years_experience === seededCounts.years_experience && `${seededCounts.years_experience}+ ${texts.about.yearsLabel}`,
      about.projects_completed === seededCounts.projects_completed && `${seededCounts.projects_completed}+ ${texts.about.projectsLabel}`,
    ].filter((count): count is string => Boolean(count))
    if (counts.length > 0) {
      items.push({ key: 'claim:about-counts', label: t.aboutCounts(counts), section: 'about', confirmable: true })
    }
  }
  if (site.footerServices && site.footerServices.join('\n') === footerServices.join('\n')) {
    items.push({ key: 'claim:footer-services', label: t.footerServices(footerServices), section: 'texts', confirmable: true })
  }
  if (site.replyPromise.trim() === texts.contact.replyPromise) {
    items.push({ key: 'claim:reply-promise', label: t.replyPromise(site.replyPromise), section: 'texts', confirmable: true })
  }
  if ((settings?.site_title ?? '').trim() === siteConfig.title) {
    items.push({ key: 'business-name', label: t.businessName(siteConfig.title), section: businessNameSection, confirmable: true })
  }
  return items
}

/** The items still to do: those the owner has not kept as they are. */
export function pendingItems(items: readonly SetupItem[], confirmed: readonly string[]): SetupItem[] {
  const kept = new Set(confirmed)
  return items.filter((item) => !(item.confirmable && kept.has(item.key)))
}

/** The items by the section that fixes them, in the order the sections first come up. */
export function bySection(items: readonly SetupItem[]): { section: AdminSectionKey; items: SetupItem[] }[] {
  const groups = new Map<AdminSectionKey, SetupItem[]>()
  for (const item of items) groups.set(item.section, [...(groups.get(item.section) ?? []), item])
  return [...groups].map(([section, grouped]) => ({ section, items: grouped }))
}
