import { describe, expect, it } from 'vitest'
import { resolveSiteIdentity, themeVariables } from './site-identity'
import type { SiteSettings } from './types'

const settings: SiteSettings = {
  id: '1',
  site_title: 'Drape & Co',
  site_description: 'Curtains.',
  logo_url: 'https://cdn.example/logo.png',
  primary_color: '#0F172A',
  secondary_color: '#0ea5e9',
  updated_at: null,
}

describe('resolveSiteIdentity', () => {
  it('uses the stored settings', () => {
    expect(resolveSiteIdentity(settings)).toEqual({
      title: 'Drape & Co',
      description: 'Curtains.',
      logoUrl: 'https://cdn.example/logo.png',
      primaryColor: '#0f172a',
      secondaryColor: '#0ea5e9',
    })
  })

  it('falls back to the defaults for a missing row or blank fields', () => {
    const fallback = {
      title: 'Pleat Interiors',
      description:
        'Custom curtains, blinds and furniture covers crafted with precision. Design consultation, measurement and installation.',
      logoUrl: null,
      primaryColor: '#1e293b',
      secondaryColor: '#f59e0b',
    }
    expect(resolveSiteIdentity(null)).toEqual(fallback)
    expect(
      resolveSiteIdentity({ ...settings, site_title: ' ', site_description: null, logo_url: '', primary_color: 'red', secondary_color: null }),
    ).toEqual(fallback)
  })
})

describe('themeVariables', () => {
  it('sets both colours and a readable text colour on each', () => {
    expect(themeVariables({ primaryColor: '#1e293b', secondaryColor: '#f59e0b' })).toEqual({
      '--color-primary': '#1e293b',
      '--color-primary-foreground': '#ffffff',
      '--color-secondary': '#f59e0b',
      '--color-secondary-foreground': '#020617',
    })
  })
})
