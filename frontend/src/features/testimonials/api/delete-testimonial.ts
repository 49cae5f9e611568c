// Removes a testimonial (DELETE testimonials by id, only if it is still the version the list showed).
import { deleteRowIfUnchanged, type GuardedDelete } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'
import type { Testimonial } from '../types'

export function deleteTestimonial(loaded: Testimonial): Promise<GuardedDelete> {
  return deleteRowIfUnchanged('testimonials', loaded)
}

export function useDeleteTestimonial() {
  return useMutation(deleteTestimonial)
}
