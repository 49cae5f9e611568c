// Row shapes of the single-row tables every public page reads: site_settings (title,
// description, logo, colours) and contact_info (shown in the contact section, the legal
// pages and the structured data).
export interface SiteSettings {
  id: string
  site_title: string | null
  site_description: string | null
  logo_url: string | null
  primary_color: string | null
  secondary_color: string | null
  /** schema.org priceRange ('$$' by default; empty hides it). */
  price_range?: string | null
  /** BCP 47 tag ('en' by default): <html lang>, og:locale. */
  site_language?: string | null
  updated_at: string | null
}

export interface ContactInfo {
  id: string
  phone: string | null
  email: string | null
  address: string | null
  address_street?: string | null
  address_locality?: string | null
  address_region?: string | null
  address_postcode?: string | null
  address_country?: string | null
  business_hours: string | null
  /** The weekly form (features/contact-details/opening-hours.ts); null until the owner sets it. */
  opening_hours?: unknown
  hours_note?: string | null
  /** Holidays and other dated hours (features/contact-details/special-hours.ts). */
  special_hours?: unknown
  updated_at?: string | null
  social_facebook: string | null
  social_instagram: string | null
  social_linkedin: string | null
}
