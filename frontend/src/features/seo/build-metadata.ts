// Page metadata: title, description, image, canonical url and type, each given
// by the page or filled with the spec's defaults.
import { seoDefaults, siteConfig } from '@/config/site'
import { shareImageFor } from '@/features/media/image-urls'
import { ogLocale, siteLanguage } from '@/lib/site-language'

export { ogLocale, siteLanguage }

export interface MetadataInput {
  title?: string | null
  description?: string | null
  image?: string | null
  /** Absolute, or a path on this site; defaults to the current page. */
  url?: string | null
  type?: string | null
}

export interface MetadataContext {
  siteTitle?: string | null
  /** Follows the site title in the default title (site_texts.title_suffix); the spec's when absent. */
  titleSuffix?: string | null
  heroSubtitle?: string | null
  heroImage?: string | null
  /** The site's origin, e.g. https://shop.example; relative urls are resolved against it. */
  origin: string
  /** The current path, the canonical url when the page gives none. */
  pathname: string
  /** site_settings.site_language (BCP 47); the spec's 'en' when unset. */
  language?: string | null
}

export interface Metadata {
  title: string
  description: string
  image: string
  url: string
  type: string
  siteName: string
  /** For <html lang>: a BCP 47 tag such as en-GB. */
  language: string
  /** og:locale: the same as language_TERRITORY, e.g. en_GB. */
  locale: string
}

function present(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim()
  return trimmed ? trimmed : undefined
}

/** An absolute url for `value` on `origin` (absolute urls are kept). */
export function absoluteUrl(value: string, origin: string): string {
  try {
    return new URL(value, origin).toString()
  } catch {
    return value
  }
}

export function defaultTitle(
  siteTitle: string | null | undefined,
  titleSuffix: string | null | undefined = siteConfig.titleSuffix,
): string {
  return `${present(siteTitle) ?? siteConfig.title}${titleSuffix ?? siteConfig.titleSuffix}`
}

export function buildMetadata(input: MetadataInput, context: MetadataContext): Metadata {
  const siteName = present(context.siteTitle) ?? siteConfig.title
  return {
    title: present(input.title) ?? defaultTitle(siteName, context.titleSuffix),
    description: present(input.description) ?? present(context.heroSubtitle) ?? seoDefaults.description,
    // Link previews need a raster: the hero's 1200×630 crop, or the shipped JPEG for the SVG art.
    image: absoluteUrl(present(input.image) ?? shareImageFor(context.heroImage, context.origin) ?? seoDefaults.image, context.origin),
    url: absoluteUrl(present(input.url) ?? context.pathname, context.origin),
    type: present(input.type) ?? seoDefaults.type,
    siteName,
    language: siteLanguage(context.language),
    locale: ogLocale(siteLanguage(context.language)),
  }
}

export interface HeadTag {
  /** 'name' for description and twitter:*, 'property' for og:*. */
  attribute: 'name' | 'property'
  key: string
  content: string
}

/** The description, Open Graph and Twitter meta tags for `metadata`. */
export function metaTags(metadata: Metadata): HeadTag[] {
  return [
    { attribute: 'name', key: 'description', content: metadata.description },
    { attribute: 'property', key: 'og:title', content: metadata.title },
    { attribute: 'property', key: 'og:description', content: metadata.description },
    { attribute: 'property', key: 'og:image', content: metadata.image },
    { attribute: 'property', key: 'og:url', content: metadata.url },
    { attribute: 'property', key: 'og:type', content: metadata.type },
    { attribute: 'property', key: 'og:site_name', content: metadata.siteName },
    { attribute: 'property', key: 'og:locale', content: metadata.locale },
    { attribute: 'name', key: 'twitter:card', content: seoDefaults.twitterCard },
    { attribute: 'name', key: 'twitter:title', content: metadata.title },
    { attribute: 'name', key: 'twitter:description', content: metadata.description },
    { attribute: 'name', key: 'twitter:image', content: metadata.image },
  ]
}
