// The copy of the admin's Legal Pages section and of the legal pages' checklist items.
import { legalBodyMaxLength } from './legal-limits'
import type { LegalSlug } from './types'

const page = (title: string, path: string) => ({
  title,
  subtitle: `What visitors read at ${path}, linked from the footer of every page.`,
  success: `${title} updated successfully!`,
  failure: `Error saving the ${title}. Please try again.`,
  logSave: `Error saving the ${title}:`,
  path,
})

export const legalTexts = {
  pages: {
    terms: page('Terms of Service', '/terms'),
    privacy: page('Privacy Policy', '/privacy'),
  } satisfies Record<LegalSlug, ReturnType<typeof page>>,
  text: 'Page text',
  textHint:
    'It starts as the original text the site came with; check it says what your business does (returns, warranty, what you collect). Saving a change sets "Last updated" on the page to the day you save.',
  showingOriginal: (date: string) => `Showing the original text, last updated ${date}.`,
  showingEdited: (date: string) => `Your text, last updated ${date}.`,
  restoreOriginal: 'Restore the original text',
  restoreHint: 'Puts the original text back in the editor; Save Changes publishes it again with its original date.',
  empty: 'The page needs some text. To go back to the original wording, use "Restore the original text".',
  tooLong: `The page is too long: at most ${legalBodyMaxLength.toLocaleString('en-US')} characters of formatted text.`,
  /** The setup checklist's line while a page still shows the original text. */
  setupItem: (title: string) => `${title}: check the original text fits your business, or keep it as is`,
} as const
