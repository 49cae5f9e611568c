// Row shape of the single-row about_content table.
export interface AboutContent {
  id: string
  title: string | null
  content: string | null
  image_url: string | null
  /** Alt text of the photo; empty: the section title. */
  image_alt?: string | null
  years_experience: number | null
  projects_completed: number | null
  updated_at: string | null
}
