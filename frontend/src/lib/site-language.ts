// The site's language (site_settings.site_language, a BCP 47 tag) as the page uses it:
// <html lang>, og:locale, and the dates the site prints.
import { seoDefaults } from '@/config/site'

const languageTag = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/

/** Whether `value` is a language tag site_settings accepts (en, en-GB, fr-FR, zh-Hant-TW). */
export function isLanguageTag(value: string): boolean {
  return languageTag.test(value) && value.length <= 35
}

/** The site's language as a tag for <html lang>: the setting when well formed, else 'en'. */
export function siteLanguage(value: string | null | undefined): string {
  const tag = value?.trim()
  return tag && languageTag.test(tag) ? tag : seoDefaults.language
}

/**
 * og:locale for a language tag: "en-GB" → "en_GB"; a bare language takes its usual
 * country ("fr" → "fr_FR", "en" → "en_US"), or stays bare when none is listed.
 */
export function ogLocale(language: string): string {
  const [lang, ...rest] = siteLanguage(language).split('-')
  const region = rest.find((part) => /^[A-Za-z]{2}$/.test(part))
  const base = lang.toLowerCase()
  if (region) return `${base}_${region.toUpperCase()}`
  const usual = (seoDefaults.usualRegions as Record<string, string>)[base]
  return usual ? `${base}_${usual}` : base
}
