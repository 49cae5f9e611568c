import { describe, expect, it } from 'vitest'
import { colorPresets } from '@/config/site'
import { contrastRatio, readableTextColor, validHexColor } from './color'

describe('validHexColor', () => {
  it('keeps 6-digit hex colours, lower-cased', () => {
    expect(validHexColor('#1E293B', '#000000')).toBe('#1e293b')
    expect(validHexColor(' #f59e0b ', '#000000')).toBe('#f59e0b')
  })

  it.each([null, undefined, '', 'red', '#fff', '#12345g', 'url(x)', '#1e293b; color: red'])(
    'falls back for %j',
    (value) => {
      expect(validHexColor(value, '#123456')).toBe('#123456')
    },
  )
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
