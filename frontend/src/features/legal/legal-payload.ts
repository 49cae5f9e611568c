// The legal editor's values and the legal_pages payload it saves. The values say whether
// the page is the original text, so keeping it stores NULL (the page goes on following the
// site's own text and date) while any edit stores the HTML, sanitised.
import { editorHtmlToDescription } from '@/features/portfolio/editor-html'
import { sanitizeHtml } from '@/lib/sanitize-html'
import { legalBodyMaxLength } from './legal-limits'
import { legalTexts } from './texts'
import type { LegalPageRow } from './types'

export interface LegalFormValues {
  /** What the editor holds, as it hands it over. */
  html: string
  /** True while the text is the original one (never edited, or restored). */
  original: boolean
}

export interface LegalPagePayload {
  body_html: string | null
}

export function legalFormValues(row: Pick<LegalPageRow, 'body_html'> | null | undefined, originalHtml: string): LegalFormValues {
  return row?.body_html ? { html: row.body_html, original: false } : { html: originalHtml, original: true }
}

/** The values once the owner typed in the editor. */
export function editedValues(editorHtml: string): LegalFormValues {
  return { html: editorHtmlToDescription(editorHtml), original: false }
}

/** What stops a save, or null. */
export function legalProblem(values: LegalFormValues): string | null {
  if (values.original) return null
  const body = sanitizeHtml(values.html)
  if (!/[^\s]/.test(body.replace(/<[^>]*>|&nbsp;/g, ''))) return legalTexts.empty
  if (body.length > legalBodyMaxLength) return legalTexts.tooLong
  return null
}

export function buildLegalPayload(values: LegalFormValues): LegalPagePayload {
  return { body_html: values.original ? null : sanitizeHtml(values.html) }
}
