// Adds a testimonial (POST testimonials, the new row read back).
import { insertRow } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'
import type { TestimonialPayload } from '../testimonial-payload'
import type { Testimonial } from '../types'

export function createTestimonial(payload: TestimonialPayload): Promise<Testimonial> {
  return insertRow<Testimonial>('testimonials', payload)
}

export function useCreateTestimonial() {
  return useMutation(createTestimonial)
}
