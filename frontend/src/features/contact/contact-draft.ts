//! What the visitor has typed into the contact form, kept in this tab's sessionStorage
//! until it is sent: a failed send, a dropped connection or a reload (the page reloads
//! itself after an upgrade) never empties the form. Cleared once the message is sent.
import { emptyContactForm } from './validation'
import type { ContactFormValues } from './types'

const draftKey = 'pleat:contact-form'

/** The unsent values of this tab, or the empty form. */
export function loadContactDraft(): ContactFormValues {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(draftKey) ?? 'null')
    if (!stored || typeof stored !== 'object') return emptyContactForm
    const values = { ...emptyContactForm }
    for (const field of Object.keys(values) as (keyof ContactFormValues)[]) {
      const value = (stored as Record<string, unknown>)[field]
      if (typeof value === 'string') values[field] = value
    }
    return values
  } catch {
    return emptyContactForm
  }
}

/** Keeps `values` (forgets them when the form is empty). Storage being full or refused loses only the draft. */
export function saveContactDraft(values: ContactFormValues): void {
  try {
    if (Object.values(values).every((value) => value === '')) sessionStorage.removeItem(draftKey)
    else sessionStorage.setItem(draftKey, JSON.stringify(values))
  } catch {
    // Nothing else to do: the form itself still holds the values.
  }
}

export function clearContactDraft(): void {
  try {
    sessionStorage.removeItem(draftKey)
  } catch {
    // As above.
  }
}
