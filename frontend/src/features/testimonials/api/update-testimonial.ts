// Changes a testimonial (PATCH testimonials by id, with updated_at).
import { updateRow } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'
import type { TestimonialUpdatePayload } from '../testimonial-payload'
import type { Testimonial } from '../types'

export function updateTestimonial(id: string, payload: TestimonialUpdatePayload): Promise<Testimonial> {
  return updateRow<Testimonial>('testimonials', id, payload)
}

export function useUpdateTestimonial() {
  return useMutation(updateTestimonial)
}
