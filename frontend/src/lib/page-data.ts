// The data pleat inlined into the page it served: the public reads the page declares in
// public/_pleat/pages.json, by name, each as the rows /rest/v1 answers
// (<script type="application/json" id="pleat-data">). A read that failed is absent, and
// pages pleat did not render (vite dev, the admin) have none: their hooks fetch instead.
// A draft preview uses none either: pleat read the rows as a visitor, and the preview
// reads them with the editor's drafts over them (lib/preview-drafts.ts).
import { isDraftPreview } from './preview-drafts'

const ELEMENT_ID = 'pleat-data'

let inlined: Record<string, unknown> | undefined

function parse(): Record<string, unknown> {
  const text = typeof document === 'undefined' ? null : document.getElementById(ELEMENT_ID)?.textContent
  if (!text) return {}
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch (error) {
    console.error('The inlined page data is not JSON:', error)
    return {}
  }
}

/** The rows of the read `name`, or undefined when the page has none inlined. */
export function inlinedRows<T>(name: string): T[] | undefined {
  if (isDraftPreview()) return undefined
  inlined ??= parse()
  const rows = inlined[name]
  return Array.isArray(rows) ? (rows as T[]) : undefined
}

/** The first row of the read `name` (null when it has none), or undefined when not inlined. */
export function inlinedRow<T>(name: string): T | null | undefined {
  const rows = inlinedRows<T>(name)
  return rows === undefined ? undefined : (rows[0] ?? null)
}

/** Reads the page's element again on next use (tests). */
export function resetInlinedData(): void {
  inlined = undefined
}
