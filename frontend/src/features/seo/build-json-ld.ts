// The search-engine structured data, as one JSON-LD @graph: Organization,
// LocalBusiness, WebSite with a SearchAction, the BreadcrumbList (Home, Services,
// Portfolio, Contact), a Service per service and a Review per testimonial.
import { displayDefaults, limits, seoDefaults } from '@/config/site'
import { postalAddress } from '@/features/contact-details/address'
import { defaultWeek, openingHoursSpecification, parseWeek, schemaOpeningHours } from '@/features/contact-details/opening-hours'
import { parseSpecialHours, specialHoursSpecification } from '@/features/contact-details/special-hours'
import { absoluteUrl } from './build-metadata'

export interface JsonLdInput {
  origin: string
  siteTitle: string
  description: string
  logoUrl?: string | null
  image?: string | null
  /** site_settings.price_range: null or absent is the spec's '$$', empty leaves it out. */
  priceRange?: string | null
  contactInfo?: {
    phone?: string | null
    email?: string | null
    address?: string | null
    address_street?: string | null
    address_locality?: string | null
    address_region?: string | null
    address_postcode?: string | null
    address_country?: string | null
    business_hours?: string | null
    opening_hours?: unknown
    special_hours?: unknown
    social_facebook?: string | null
    social_instagram?: string | null
    social_linkedin?: string | null
  } | null
  services?: readonly { title: string; description?: string | null }[]
  testimonials?: readonly { name: string; content: string; rating?: number | null }[]
}

type JsonObject = { [key: string]: JsonValue }
type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject

function present(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim()
  return trimmed ? trimmed : undefined
}

/** Drops undefined fields so the JSON has no `null` placeholders. */
function compact(fields: Record<string, JsonValue | undefined>): JsonObject {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as JsonObject
}

/**
 * The week behind the hours: the owner's, or the default one while the hours are the
 * default text or unset; none for a free text an older install holds.
 */
function weekOf(info: JsonLdInput['contactInfo']) {
  const week = parseWeek(info?.opening_hours)
  if (week) return week
  const text = present(info?.business_hours)
  return !text || text === schemaOpeningHours(defaultWeek) ? defaultWeek : null
}

export function buildJsonLd(input: JsonLdInput): JsonObject {
  const home = absoluteUrl('/', input.origin)
  const organizationId = `${home}#organization`
  const businessId = `${home}#localbusiness`
  const websiteId = `${home}#website`
  const info = input.contactInfo ?? {}
  const sameAs = [info.social_facebook, info.social_instagram, info.social_linkedin]
    .map(present)
    .filter((url): url is string => url !== undefined)
  const logo = present(input.logoUrl)
  const image = present(input.image)
  const telephone = present(info.phone)
  const email = present(info.email)
  const address = present(info.address)
  const week = weekOf(input.contactInfo)
  const hoursSpecification = [
    ...(week ? openingHoursSpecification(week) : []),
    // Dated exceptions (holidays), each with validFrom and validThrough.
    ...specialHoursSpecification(parseSpecialHours(info.special_hours)),
  ]
  const priceRange = input.priceRange === null || input.priceRange === undefined ? seoDefaults.priceRange : present(input.priceRange)
  const postal = postalAddress(info)

  const organization = compact({
    '@type': 'Organization',
    '@id': organizationId,
    name: input.siteTitle,
    url: home,
    description: input.description,
    logo: logo ? absoluteUrl(logo, input.origin) : undefined,
    email,
    telephone,
    sameAs: sameAs.length > 0 ? sameAs : undefined,
    contactPoint: telephone || email ? compact({ '@type': 'ContactPoint', contactType: 'customer service', telephone, email }) : undefined,
  })

  const localBusiness = compact({
    '@type': 'LocalBusiness',
    '@id': businessId,
    name: input.siteTitle,
    url: home,
    description: input.description,
    image: image ? absoluteUrl(image, input.origin) : undefined,
    logo: logo ? absoluteUrl(logo, input.origin) : undefined,
    telephone,
    email,
    address: postal ? (postal as unknown as JsonObject) : undefined,
    openingHours: present(info.business_hours) ?? seoDefaults.openingHours,
    openingHoursSpecification: hoursSpecification.length > 0 ? (hoursSpecification as unknown as JsonValue[]) : undefined,
    priceRange,
    sameAs: sameAs.length > 0 ? sameAs : undefined,
    parentOrganization: { '@id': organizationId },
  })

  const website = {
    '@type': 'WebSite',
    '@id': websiteId,
    name: input.siteTitle,
    url: home,
    publisher: { '@id': organizationId },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${home}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  }

  const crumbs: [string, string][] = [
    ['Home', '/'],
    ['Services', '/#services'],
    ['Portfolio', '/portfolio'],
    ['Contact', '/#contact'],
  ]
  const breadcrumbs = {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map(([name, path], i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name,
      item: absoluteUrl(path, input.origin),
    })),
  }

  const services = (input.services ?? []).map((service) =>
    compact({
      '@type': 'Service',
      name: service.title,
      description: present(service.description),
      serviceType: service.title,
      provider: { '@id': businessId },
      areaServed: address,
    }),
  )

  const reviews = (input.testimonials ?? []).map((testimonial) => ({
    '@type': 'Review',
    author: { '@type': 'Person', name: testimonial.name },
    reviewBody: testimonial.content,
    reviewRating: {
      '@type': 'Rating',
      ratingValue: testimonial.rating ?? displayDefaults.rating,
      bestRating: limits.ratingMax,
      worstRating: 1,
    },
    itemReviewed: { '@id': businessId },
  }))

  return {
    '@context': 'https://schema.org',
    '@graph': [organization, localBusiness, website, breadcrumbs, ...services, ...reviews],
  }
}

/** The JSON for a <script type="application/ld+json">; '<' escaped so no text can close the element. */
export function serializeJsonLd(data: JsonObject): string {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}
