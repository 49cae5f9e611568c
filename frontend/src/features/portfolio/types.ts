// Row shape of the portfolio_items table.
export interface PortfolioItem {
  id: string
  title: string
  category: string
  /** Rich-text HTML; sanitised before it is shown. */
  description: string | null
  image_url: string
  /** Every image, the main one first; may be empty on older rows. */
  images: string[] | null
  /** Alt text of each photo, in the order of images; empty or missing: the title. */
  image_alts?: string[] | null
  /** Focal point of each photo ('X Y' percent), in the order of images; empty or missing: the centre. */
  image_focus?: string[] | null
  featured: boolean
  sort_order: number
  /** Shipped with the install and not edited since; marked in the admin only. */
  is_sample?: boolean
  updated_at: string | null
}
