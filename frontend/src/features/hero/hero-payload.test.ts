import { describe, expect, it } from 'vitest'
import { buildHeroPayload, heroFormValues, validateHero, type HeroFormValues } from './hero-payload'

const values: HeroFormValues = {
  title: '  Made to measure  ',
  subtitle: ' Curtains and blinds ',
  backgroundImage: ' https://images.example.com/room.jpg ',
  backgroundImageAlt: ' Linen curtains in a bay window ',
  backgroundFocus: '30 70',
  ctaText: ' See our work ',
  ctaSecondaryText: ' Ask for a quote ',
}

describe('validateHero', () => {
  it('requires a title and a subtitle, after trimming', () => {
    expect(validateHero(values)).toBeNull()
    expect(validateHero({ ...values, title: '   ' })).toBe('Title and subtitle are required.')
    expect(validateHero({ ...values, subtitle: '' })).toBe('Title and subtitle are required.')
  })
})

describe('buildHeroPayload', () => {
  it('trims every field and stamps updated_at', () => {
    const now = new Date('2025-10-10T12:00:00Z')
    expect(buildHeroPayload(values, now)).toEqual({
      title: 'Made to measure',
      subtitle: 'Curtains and blinds',
      background_image: 'https://images.example.com/room.jpg',
      background_image_alt: 'Linen curtains in a bay window',
      background_focus: '30 70',
      cta_text: 'See our work',
      cta_secondary_text: 'Ask for a quote',
      updated_at: '2025-10-10T12:00:00.000Z',
    })
  })

  it('cuts title 200, subtitle 500, image 500, each button text 50', () => {
    const payload = buildHeroPayload({
      title: ` ${'t'.repeat(250)}`,
      subtitle: 's'.repeat(600),
      backgroundImage: `https://x.example/${'i'.repeat(600)}`,
      backgroundImageAlt: 'a'.repeat(400),
      backgroundFocus: '',
      ctaText: 'c'.repeat(60),
      ctaSecondaryText: 'd'.repeat(60),
    })
    expect(payload.title).toHaveLength(200)
    expect(payload.subtitle).toHaveLength(500)
    expect(payload.background_image).toHaveLength(500)
    expect(payload.cta_text).toHaveLength(50)
    expect(payload.cta_secondary_text).toHaveLength(50)
  })

  it('sends exactly the spec fields', () => {
    expect(Object.keys(buildHeroPayload(values)).sort()).toEqual([
      'background_focus',
      'background_image',
      'background_image_alt',
      'cta_secondary_text',
      'cta_text',
      'subtitle',
      'title',
      'updated_at',
    ])
  })
})

describe('the background focal point', () => {
  it('is saved as stored, and the centre or a malformed value as none', () => {
    expect(buildHeroPayload({ ...values, backgroundFocus: '50 50' }).background_focus).toBeNull()
    expect(buildHeroPayload({ ...values, backgroundFocus: 'top' }).background_focus).toBeNull()
    expect(
      heroFormValues({
        id: '1',
        title: 'A',
        subtitle: 'B',
        background_image: '/a.jpg',
        background_focus: '10 90',
        cta_text: null,
        cta_secondary_text: null,
        updated_at: null,
      }).backgroundFocus,
    ).toBe('10 90')
  })
})

describe('heroFormValues', () => {
  it('starts from the spec defaults when there is no row', () => {
    expect(heroFormValues(null).title).toBe('Transform Your Space')
    expect(heroFormValues(null).ctaSecondaryText).toBe('Get Quote')
  })

  it('shows the stored values, null as empty', () => {
    const form = heroFormValues({
      id: '1',
      title: 'A',
      subtitle: null,
      background_image: '/a.jpg',
      cta_text: 'Go',
      cta_secondary_text: null,
      updated_at: null,
    })
    expect(form).toEqual({
      title: 'A',
      subtitle: '',
      backgroundImage: '/a.jpg',
      backgroundImageAlt: '',
      backgroundFocus: '',
      ctaText: 'Go',
      ctaSecondaryText: '',
    })
  })
})
