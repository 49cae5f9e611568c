import { describe, expect, it } from 'vitest'
import { contrastRatio } from '@/lib/color'
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
      resolveSiteIdentity({
        ...settings,
        site_title: ' ',
        site_description: null,
        logo_url: '',
        primary_color: 'red',
        secondary_color: null,
      }),
    ).toEqual(fallback)
  })
})

describe('themeVariables', () => {
  it('sets both colours and a readable text colour on each', () => {
    expect(themeVariables({ primaryColor: '#1e293b', secondaryColor: '#f59e0b' })).toEqual({
      '--color-primary': '#1e293b',
      '--color-primary-foreground': '#ffffff',
      '--color-primary-muted': '#c7cace',
      '--color-primary-ink': '#1e293b',
      '--color-secondary': '#f59e0b',
      '--color-secondary-foreground': '#020617',
      '--color-secondary-ink': '#946110',
      '--color-secondary-on-primary': '#f59e0b',
    })
  })

  it('keeps every readable colour at 4.5:1 for a light primary too', () => {
    const vars = themeVariables({ primaryColor: '#fef3c7', secondaryColor: '#fde68a' })
    expect(contrastRatio(vars['--color-primary-foreground'], '#fef3c7')).toBeGreaterThanOrEqual(4.5)
    expect(contrastRatio(vars['--color-primary-muted'], '#fef3c7')).toBeGreaterThanOrEqual(4.5)
    for (const surface of ['#ffffff', '#f8fafc', '#f1f5f9']) {
      expect(contrastRatio(vars['--color-primary-ink'], surface)).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(vars['--color-secondary-ink'], surface)).toBeGreaterThanOrEqual(4.5)
    }
    expect(contrastRatio(vars['--color-secondary-on-primary'], '#fef3c7')).toBeGreaterThanOrEqual(4.5)
  })
})
