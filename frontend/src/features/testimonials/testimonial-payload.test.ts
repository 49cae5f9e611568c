import { describe, expect, it } from 'vitest'
import {
  buildTestimonialPayload,
  buildTestimonialUpdate,
  emptyTestimonialForm,
  isTestimonialComplete,
  testimonialFormValues,
  toRating,
} from './testimonial-payload'

describe('testimonial payloads', () => {
  it('a new testimonial is blank, rated 5, not featured', () => {
    expect(emptyTestimonialForm).toEqual({ name: '', role: '', content: '', rating: 5, avatarUrl: '', featured: false })
  })

  it('insert: trimmed, empty optional fields as null, sort_order = the current count', () => {
    expect(
      buildTestimonialPayload({ name: ' Ada ', role: '  ', content: ' Lovely. ', rating: 4, avatarUrl: '', featured: true }, 3),
    ).toEqual({ name: 'Ada', role: null, content: 'Lovely.', rating: 4, avatar_url: null, featured: true, sort_order: 3 })
  })

  it('update: plus updated_at', () => {
    const now = new Date('2025-02-03T04:05:06Z')
    const payload = buildTestimonialUpdate(
      { name: 'Bo', role: 'Homeowner', content: 'Great', rating: 2, avatarUrl: ' https://a.example/b.png ', featured: false },
      0,
      now,
    )
    expect(payload).toEqual({
      name: 'Bo',
      role: 'Homeowner',
      content: 'Great',
      rating: 2,
      avatar_url: 'https://a.example/b.png',
      featured: false,
      sort_order: 0,
      is_sample: false,
      updated_at: '2025-02-03T04:05:06.000Z',
    })
  })

  it('rating 5 when missing, kept within 1 to 5', () => {
    expect(toRating(null)).toBe(5)
    expect(toRating(0)).toBe(1)
    expect(toRating(9)).toBe(5)
    expect(toRating(3)).toBe(3)
    expect(
      testimonialFormValues({
        id: 't',
        name: 'N',
        role: null,
        content: 'C',
        rating: null,
        avatar_url: null,
        featured: false,
        sort_order: 0,
        updated_at: null,
      }).rating,
    ).toBe(5)
  })

  it('requires a name and content', () => {
    expect(isTestimonialComplete({ ...emptyTestimonialForm, name: 'A' })).toBe(false)
    expect(isTestimonialComplete({ ...emptyTestimonialForm, name: 'A', content: 'B' })).toBe(true)
  })
})
