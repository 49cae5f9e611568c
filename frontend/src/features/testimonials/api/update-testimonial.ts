// Changes a testimonial (PATCH testimonials by id, with updated_at, only if it is still the version loaded: a conflict otherwise).
import { updateRowIfUnchanged, type GuardedSave } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'
import type { TestimonialUpdatePayload } from '../testimonial-payload'
import type { Testimonial } from '../types'

export function updateTestimonial(loaded: Testimonial, payload: TestimonialUpdatePayload): Promise<GuardedSave<Testimonial>> {
  return updateRowIfUnchanged<Testimonial>('testimonials', loaded, payload)
}

export function useUpdateTestimonial() {
  return useMutation(updateTestimonial)
}
