// Row shape of legal_pages: one per page, keyed by slug (and by id for history and drafts).
export type LegalSlug = 'terms' | 'privacy'

export interface LegalPageRow {
  id: string
  slug: LegalSlug
  /** The owner's text as rich-text HTML; null: the original text the site ships with. */
  body_html: string | null
  updated_at: string | null
}
