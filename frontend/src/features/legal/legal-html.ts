// The original legal documents (config/legal.ts) as the HTML the rich-text editor starts
// from, in the shape the page shows them: the intro, then the numbered section headings
// with their paragraphs and bullet lists. And the page's "Last updated" date.
import type { LegalDocument } from '@/config/legal'
import { siteConfig } from '@/config/site'

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => entities[c] ?? c)
}

/** The document as rich-text HTML: what an untouched page says, as the editor's starting version. */
export function legalDocumentHtml(doc: LegalDocument): string {
  const parts = [`<p>${escapeHtml(doc.intro)}</p>`]
  doc.sections.forEach((section, i) => {
    parts.push(`<h2>${i + 1}. ${escapeHtml(section.heading)}</h2>`)
    for (const paragraph of section.paragraphs ?? []) parts.push(`<p>${escapeHtml(paragraph)}</p>`)
    if (section.items) parts.push(`<ul>${section.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`)
  })
  return parts.join('')
}

// In UTC, so every visitor (and the sitemap, which takes the stored date) reads the same day.
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/** A stored time as the page writes its date, e.g. 'October 10, 2025'. */
export function formatLegalDate(iso: string): string {
  return dateFormat.format(new Date(iso))
}

/** The page's "Last updated" date: the original text keeps the spec's date; a saved text, the day it was saved. */
export function legalLastUpdated(page: { body_html: string | null; updated_at: string | null } | null | undefined): string {
  if (!page?.body_html || !page.updated_at) return siteConfig.legalLastUpdated
  return formatLegalDate(page.updated_at)
}
