import { describe, expect, it } from 'vitest'
import { aboutStats, aboutTitle } from './about-stats'
import type { AboutContent } from './types'

const row: AboutContent = {
  id: '1',
  title: 'Our Story',
  content: 'c',
  image_url: null,
  years_experience: 12,
  projects_completed: 850,
  updated_at: null,
}

describe('aboutStats', () => {
  it('shows the stored counts with a trailing plus, then the two static stats', () => {
    expect(aboutStats(row)).toEqual([
      { value: '12+', label: 'Years Experience' },
      { value: '850+', label: 'Projects Completed' },
      { value: '100%', label: 'Client Satisfaction' },
      { value: '5★', label: 'Average Rating' },
    ])
  })

  it('shows 10 and 500 when there is no row or a count is missing or zero', () => {
    for (const about of [
      null,
      { ...row, years_experience: null, projects_completed: null },
      { ...row, years_experience: 0, projects_completed: 0 },
    ]) {
      expect(
        aboutStats(about)
          .slice(0, 2)
          .map((s) => s.value),
      ).toEqual(['10+', '500+'])
    }
  })
})

describe('aboutTitle', () => {
  it("falls back to 'About Our Craft'", () => {
    expect(aboutTitle(row)).toBe('Our Story')
    expect(aboutTitle(null)).toBe('About Our Craft')
    expect(aboutTitle({ ...row, title: '  ' })).toBe('About Our Craft')
  })
})
