// Row shape of the testimonials table.
export interface Testimonial {
  id: string
  name: string
  role: string | null
  content: string
  /** 1 to 5; shown as 5 when absent. */
  rating: number | null
  avatar_url: string | null
  featured: boolean
  sort_order: number
  /** Shipped with the install and not edited since; marked in the admin only. */
  is_sample?: boolean
  updated_at: string | null
}
