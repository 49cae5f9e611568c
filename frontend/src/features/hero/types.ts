// Row shape of the single-row hero_content table.
export interface HeroContent {
  id: string
  title: string | null
  subtitle: string | null
  background_image: string | null
  /** Alt text of the background photo (empty: decorative). */
  background_image_alt?: string | null
  /** Focal point of the background photo ('X Y' percent; empty: the centre). */
  background_focus?: string | null
  cta_text: string | null
  cta_secondary_text: string | null
  updated_at: string | null
}
