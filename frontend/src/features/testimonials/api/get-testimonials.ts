// Reads every testimonial, in the owner's order.
import { loadSupabase } from '@/lib/load-supabase'
import { inlinedRows } from '@/lib/page-data'
import { withDrafts } from '@/lib/preview-drafts'
import { useQuery } from '@/lib/use-query'
import type { Testimonial } from '../types'

export async function getTestimonials(): Promise<Testimonial[]> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.from('testimonials').select('*').order('sort_order', { ascending: true })
  if (error) throw error
  return withDrafts('testimonials', (data ?? []) as Testimonial[])
}

export function useTestimonials() {
  return useQuery('testimonials', getTestimonials, () => inlinedRows<Testimonial>('testimonials'))
}
