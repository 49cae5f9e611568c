// The site settings form's values, the colour presets, and the site_settings payload it
// saves.
import { defaultColors, seoDefaults, siteConfig, type ColorPreset } from '@/config/site'
import { isLanguageTag } from '@/lib/site-language'
import { adminTexts } from '@/config/admin'
import type { SiteSettings } from '@/features/site/types'

const settingsTexts = adminTexts.settings

export interface SettingsFormValues {
  siteTitle: string
  siteDescription: string
  logoUrl: string
  primaryColor: string
  secondaryColor: string
  priceRange: string
  siteLanguage: string
}

/** The business name (site_title) is saved by its own form in Contact Details, so it is not here. */
export interface SiteSettingsPayload {
  site_description: string | null
  logo_url: string | null
  primary_color: string
  secondary_color: string
  price_range: string
  site_language: string
  updated_at: string
}

/** The only colour form site_settings accepts (its CHECK constraint). */
export const hexColorPattern = '#[0-9a-fA-F]{6}'
const hexColor = new RegExp(`^${hexColorPattern}$`)

export function isHexColor(value: string): boolean {
  return hexColor.test(value.trim())
}

/** The stored values; the site defaults when there is no row yet. */
export function settingsFormValues(settings: SiteSettings | null | undefined): SettingsFormValues {
  return {
    siteTitle: settings ? (settings.site_title ?? '') : siteConfig.title,
    siteDescription: settings?.site_description ?? '',
    logoUrl: settings?.logo_url ?? '',
    primaryColor: settings?.primary_color ?? defaultColors.primary,
    secondaryColor: settings?.secondary_color ?? defaultColors.secondary,
    priceRange: settings?.price_range ?? seoDefaults.priceRange,
    siteLanguage: settings?.site_language ?? seoDefaults.language,
  }
}

/** Choosing a preset fills both colours and keeps every other field. */
export function applyPreset(values: SettingsFormValues, preset: ColorPreset): SettingsFormValues {
  return { ...values, primaryColor: preset.primary, secondaryColor: preset.secondary }
}

/** Whether the form's colours are exactly the preset's (case aside). */
export function isPresetActive(values: Pick<SettingsFormValues, 'primaryColor' | 'secondaryColor'>, preset: ColorPreset): boolean {
  return (
    values.primaryColor.trim().toLowerCase() === preset.primary.toLowerCase() &&
    values.secondaryColor.trim().toLowerCase() === preset.secondary.toLowerCase()
  )
}

export function buildSettingsPayload(values: SettingsFormValues, now: Date = new Date()): SiteSettingsPayload {
  return {
    site_description: values.siteDescription.trim() || null,
    logo_url: values.logoUrl.trim() || null,
    primary_color: values.primaryColor.trim(),
    secondary_color: values.secondaryColor.trim(),
    price_range: values.priceRange.trim().slice(0, 30),
    site_language: values.siteLanguage.trim(),
    updated_at: now.toISOString(),
  }
}

/** The first value the database would refuse, as the message to show, else null. */
export function settingsProblem(values: SettingsFormValues): string | null {
  if (!isLanguageTag(values.siteLanguage.trim())) return settingsTexts.badLanguage
  return null
}
