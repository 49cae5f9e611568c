// The setup checklist's items for the legal pages: each page still showing the original
// text is one item, until the owner saves their own text or keeps the original
// (its key in site_texts.confirmed_defaults, which the checklist filters).
import type { SetupItem } from '@/features/setup/setup-items'
import { legalTexts } from './texts'
import { useLegalPage } from './api/get-legal-page'
import type { LegalPageRow, LegalSlug } from './types'

const slugs: readonly LegalSlug[] = ['terms', 'privacy']

/** The pages whose row says they show the original text (an unread row is no item yet). */
export function legalSetupItems(rows: Partial<Record<LegalSlug, LegalPageRow | null | undefined>>): SetupItem[] {
  return slugs
    .filter((slug) => {
      const row = rows[slug]
      return row !== undefined && !row?.body_html
    })
    .map((slug) => ({
      key: `legal:${slug}`,
      label: legalTexts.setupItem(legalTexts.pages[slug].title),
      section: 'legal',
      confirmable: true,
    }))
}

export function useLegalSetupItems(): SetupItem[] {
  const terms = useLegalPage('terms').data
  const privacy = useLegalPage('privacy').data
  return legalSetupItems({ terms, privacy })
}
