import { describe, expect, it } from 'vitest'
import { colorPresets } from '@/config/site'
import { applyPreset, buildSettingsPayload, isHexColor, isPresetActive, settingsFormValues, settingsProblem } from './settings-payload'

const values = {
  siteTitle: ' Pleat Interiors ',
  siteDescription: ' Made to measure. ',
  logoUrl: '',
  primaryColor: '#1e293b',
  secondaryColor: '#f59e0b',
  priceRange: ' £50-£500 ',
  siteLanguage: 'en-GB',
}

describe('colour presets', () => {
  it('are the six of the spec', () => {
    expect(colorPresets.map((p) => `${p.name} ${p.primary}/${p.secondary}`)).toEqual([
      'Default #1e293b/#f59e0b',
      'Ocean Blue #0f172a/#0ea5e9',
      'Forest Green #1f2937/#10b981',
      'Royal Purple #1e1b4b/#8b5cf6',
      'Warm Brown #451a03/#f97316',
      'Modern Gray #374151/#6b7280',
    ])
  })

  it('a preset fills both colours and keeps the other fields', () => {
    const ocean = colorPresets[1]
    expect(applyPreset(values, ocean)).toEqual({ ...values, primaryColor: '#0f172a', secondaryColor: '#0ea5e9' })
    expect(isPresetActive(applyPreset(values, ocean), ocean)).toBe(true)
    expect(isPresetActive(values, ocean)).toBe(false)
    expect(isPresetActive({ primaryColor: '#1E293B', secondaryColor: '#F59E0B' }, colorPresets[0])).toBe(true)
  })
})

describe('buildSettingsPayload', () => {
  it('sends the spec fields, trimmed, empty optional ones as null, updated_at stamped', () => {
    expect(buildSettingsPayload(values, new Date('2025-06-07T08:09:10Z'))).toEqual({
      site_description: 'Made to measure.',
      logo_url: null,
      primary_color: '#1e293b',
      secondary_color: '#f59e0b',
      price_range: '£50-£500',
      site_language: 'en-GB',
      updated_at: '2025-06-07T08:09:10.000Z',
    })
  })
})

describe('settings form', () => {
  it('starts from the defaults when there is no row', () => {
    expect(settingsFormValues(null)).toMatchObject({
      primaryColor: '#1e293b',
      secondaryColor: '#f59e0b',
      priceRange: '$$',
      siteLanguage: 'en',
    })
  })

  it('refuses a language that is not a tag', () => {
    expect(settingsProblem(values)).toBeNull()
    expect(settingsProblem({ ...values, siteLanguage: 'English' })).toBe('Enter the language as a code such as en, en-GB or fr-FR.')
    expect(settingsProblem({ ...values, siteLanguage: 'en_GB' })).toBe('Enter the language as a code such as en, en-GB or fr-FR.')
  })

  it('accepts only #rrggbb colours', () => {
    expect(isHexColor('#0EA5e9')).toBe(true)
    for (const bad of ['0ea5e9', '#0ea5e', '#0ea5e9f', 'blue', '#ggggggg']) expect(isHexColor(bad), bad).toBe(false)
  })
})
