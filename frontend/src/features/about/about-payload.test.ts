import { describe, expect, it } from 'vitest'
import { aboutFormValues, buildAboutPayload, isAboutComplete, toCount } from './about-payload'

describe('about payload', () => {
  it('the form starts with 0 for both numbers when there is no row', () => {
    expect(aboutFormValues(null)).toEqual({
      title: '',
      content: '',
      imageUrl: '',
      imageAlt: '',
      yearsExperience: '0',
      projectsCompleted: '0',
    })
  })

  it('sends the spec fields, trimmed, numbers as whole numbers, updated_at stamped', () => {
    const now = new Date('2025-03-04T05:06:07Z')
    expect(
      buildAboutPayload(
        { title: ' Our craft ', content: ' Since 2010. ', imageUrl: ' ', imageAlt: ' ', yearsExperience: '15', projectsCompleted: '1200' },
        now,
      ),
    ).toEqual({
      title: 'Our craft',
      content: 'Since 2010.',
      image_url: null,
      image_alt: null,
      years_experience: 15,
      projects_completed: 1200,
      updated_at: '2025-03-04T05:06:07.000Z',
    })
  })

  it('never sends a negative or broken number', () => {
    expect(toCount('-3')).toBe(0)
    expect(toCount('')).toBe(0)
    expect(toCount('abc')).toBe(0)
    expect(toCount('7.9')).toBe(7)
  })

  it('requires title and content', () => {
    expect(isAboutComplete({ ...aboutFormValues(null), title: 'A' })).toBe(false)
    expect(isAboutComplete({ ...aboutFormValues(null), title: 'A', content: 'B' })).toBe(true)
  })
})
