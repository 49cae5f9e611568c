// The testimonial form's values and the testimonials payloads it saves:
// a new one is blank with rating 5 and featured off; sort_order is the current count.
import { displayDefaults } from '@/config/site'
import { starCount } from './components/testimonials-section'
import type { Testimonial } from './types'

export interface TestimonialFormValues {
  name: string
  role: string
  content: string
  rating: number
  avatarUrl: string
  featured: boolean
}

export interface TestimonialPayload {
  name: string
  role: string | null
  content: string
  rating: number
  avatar_url: string | null
  featured: boolean
  sort_order: number
}

/** A saved edit is the owner's own testimonial: no longer a sample (a new one never is). */
export type TestimonialUpdatePayload = TestimonialPayload & { updated_at: string; is_sample: false }

export const emptyTestimonialForm: TestimonialFormValues = {
  name: '',
  role: '',
  content: '',
  rating: displayDefaults.rating,
  avatarUrl: '',
  featured: false,
}

/** A whole number of stars from 1 to 5; 5 when missing (the landing page's rule). */
export const toRating = starCount

export function testimonialFormValues(testimonial: Testimonial): TestimonialFormValues {
  return {
    name: testimonial.name ?? '',
    role: testimonial.role ?? '',
    content: testimonial.content ?? '',
    rating: toRating(testimonial.rating),
    avatarUrl: testimonial.avatar_url ?? '',
    featured: Boolean(testimonial.featured),
  }
}

export function isTestimonialComplete(values: TestimonialFormValues): boolean {
  return values.name.trim() !== '' && values.content.trim() !== ''
}

const optional = (value: string) => value.trim() || null

export function buildTestimonialPayload(values: TestimonialFormValues, sortOrder: number): TestimonialPayload {
  return {
    name: values.name.trim(),
    role: optional(values.role),
    content: values.content.trim(),
    rating: toRating(values.rating),
    avatar_url: optional(values.avatarUrl),
    featured: values.featured,
    sort_order: sortOrder,
  }
}

export function buildTestimonialUpdate(values: TestimonialFormValues, sortOrder: number, now: Date = new Date()): TestimonialUpdatePayload {
  return { ...buildTestimonialPayload(values, sortOrder), updated_at: now.toISOString(), is_sample: false }
}
