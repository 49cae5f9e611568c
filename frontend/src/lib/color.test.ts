import { describe, expect, it } from 'vitest'
import { colorPresets } from '@/config/site'
import { accentOn, contrastRatio, contrastWarnings, inkOn, mutedTextOn, readableTextColor, validHexColor } from './color'

describe('validHexColor', () => {
  it('keeps 6-digit hex colours, lower-cased', () => {
    expect(validHexColor('#1E293B', '#000000')).toBe('#1e293b')
    expect(validHexColor(' #f59e0b ', '#000000')).toBe('#f59e0b')
  })

  it.each([null, undefined, '', 'red', '#fff', '#12345g', 'url(x)', '#1e293b; color: red'])('falls back for %j', (value) => {
    expect(validHexColor(value, '#123456')).toBe('#123456')
  })
})

describe('readableTextColor', () => {
  it('picks white on dark and dark on light', () => {
    expect(readableTextColor('#1e293b')).toBe('#ffffff')
    expect(readableTextColor('#f59e0b')).toBe('#020617')
    expect(readableTextColor('#ffffff')).toBe('#020617')
  })

  it('reads at WCAG AA (4.5:1) on every preset colour', () => {
    for (const preset of colorPresets) {
      for (const colour of [preset.primary, preset.secondary]) {
        expect(contrastRatio(colour, readableTextColor(colour))).toBeGreaterThanOrEqual(4.5)
      }
    }
  })
})

describe('contrast selection for any colour', () => {
  // Every 6-bit step of each channel: light, dark and mid-tone colours alike.
  const samples: string[] = []
  for (let r = 0; r < 256; r += 51)
    for (let g = 0; g < 256; g += 51)
      for (let b = 0; b < 256; b += 51) {
        samples.push(`#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`)
      }

  it('always finds a text colour reaching 4.5:1', () => {
    for (const colour of samples) expect(contrastRatio(colour, readableTextColor(colour))).toBeGreaterThanOrEqual(4.5)
  })

  it('keeps muted text at 4.5:1 and quieter than the text colour where there is room', () => {
    for (const colour of samples) expect(contrastRatio(colour, mutedTextOn(colour))).toBeGreaterThanOrEqual(4.5)
    expect(mutedTextOn('#1e293b')).not.toBe('#ffffff')
  })

  it('turns a colour into ink readable on white, keeping it when it already reads', () => {
    for (const colour of samples) expect(contrastRatio(inkOn(colour, '#ffffff'), '#ffffff')).toBeGreaterThanOrEqual(4.5)
    expect(inkOn('#1e293b', '#ffffff')).toBe('#1e293b')
    expect(inkOn('#fde68a', '#ffffff')).not.toBe('#fde68a')
  })

  it('uses the accent on a primary panel only where it reads', () => {
    expect(accentOn('#f59e0b', '#1e293b')).toBe('#f59e0b')
    expect(accentOn('#6b7280', '#374151')).toBe('#ffffff')
    for (const preset of colorPresets) {
      expect(contrastRatio(accentOn(preset.secondary, preset.primary), preset.primary)).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('warns about pairs that cannot reach their contrast', () => {
    expect(contrastWarnings('#1e293b', '#f59e0b')).toEqual([])
    expect(contrastWarnings('#374151', '#6b7280').map((w) => w.pair)).toEqual(['Secondary accents on the primary colour'])
  })
})
