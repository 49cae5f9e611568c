// The site's title, description, logo and colours with the spec's defaults filled in,
// and the CSS variables the theme is made of.
import { defaultColors, siteConfig } from '@/config/site'
import { accentOn, inkOn, mutedTextOn, readableTextColor, validHexColor } from '@/lib/color'
import type { SiteSettings } from './types'

export interface SiteIdentity {
  title: string
  description: string
  logoUrl: string | null
  primaryColor: string
  secondaryColor: string
}

function text(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim()
  return trimmed ? trimmed : undefined
}

export function resolveSiteIdentity(settings: SiteSettings | null | undefined): SiteIdentity {
  return {
    title: text(settings?.site_title) ?? siteConfig.title,
    description: text(settings?.site_description) ?? siteConfig.description,
    logoUrl: text(settings?.logo_url) ?? null,
    primaryColor: validHexColor(settings?.primary_color, defaultColors.primary),
    secondaryColor: validHexColor(settings?.secondary_color, defaultColors.secondary),
  }
}

/**
 * The theme's CSS custom properties (see index.css). Every colour meant to be read is
 * chosen by contrast (4.5:1), whatever the owner picked: the text on each colour, quieter
 * text on primary panels, each colour as text on the light surfaces ("ink"), and the accent
 * on primary.
 */
/**
 * The darkest light surface the site puts text on (slate-100; sections alternate white and
 * slate-50): ink that reads on it reads on the lighter ones too. Lighthouse flagged ink
 * chosen against white at 4.43:1 on slate-50.
 */
export const inkSurface = '#f1f5f9'

export function themeVariables(identity: Pick<SiteIdentity, 'primaryColor' | 'secondaryColor'>): Record<string, string> {
  const { primaryColor: primary, secondaryColor: secondary } = identity
  return {
    '--color-primary': primary,
    '--color-primary-foreground': readableTextColor(primary),
    '--color-primary-muted': mutedTextOn(primary),
    '--color-primary-ink': inkOn(primary, inkSurface),
    '--color-secondary': secondary,
    '--color-secondary-foreground': readableTextColor(secondary),
    '--color-secondary-ink': inkOn(secondary, inkSurface),
    '--color-secondary-on-primary': accentOn(secondary, primary),
  }
}
