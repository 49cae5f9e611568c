// Removes a testimonial (DELETE testimonials by id).
import { deleteRow } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'

export function deleteTestimonial(id: string): Promise<void> {
  return deleteRow('testimonials', id)
}

export function useDeleteTestimonial() {
  return useMutation(deleteTestimonial)
}
