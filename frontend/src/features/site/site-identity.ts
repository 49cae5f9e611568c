// The site's title, description, logo and colours with the spec's defaults filled in,
// and the CSS variables the theme is made of.
import { defaultColors, siteConfig } from '@/config/site'
import { readableTextColor, validHexColor } from '@/lib/color'
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

/** The theme's CSS custom properties (see index.css), with readable text on each colour. */
export function themeVariables(identity: Pick<SiteIdentity, 'primaryColor' | 'secondaryColor'>): Record<string, string> {
  return {
    '--color-primary': identity.primaryColor,
    '--color-primary-foreground': readableTextColor(identity.primaryColor),
    '--color-secondary': identity.secondaryColor,
    '--color-secondary-foreground': readableTextColor(identity.secondaryColor),
  }
}
