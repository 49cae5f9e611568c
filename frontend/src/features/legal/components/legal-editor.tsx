// The admin's Legal Pages section: the Terms of Service and the Privacy Policy, each a
// single-row editor of its legal_pages row (history, drafts, conflicts and the unsaved
// changes guard as every other section), with a link to the page as visitors see it.
import { privacyPolicy, termsOfService, type LegalDocument } from '@/config/legal'
import { SingleRowEditor } from '@/features/admin/editors/single-row-editor'
import { useRowDrafts } from '@/features/history/use-row-drafts'
import { useLegalPage } from '../api/get-legal-page'
import { useSaveLegalPage } from '../api/save-legal-page'
import { legalDocumentHtml } from '../legal-html'
import { buildLegalPayload, legalProblem } from '../legal-payload'
import { legalTexts } from '../texts'
import type { LegalSlug } from '../types'
import { makeLegalForm } from './legal-page-form'

const documents: Record<LegalSlug, LegalDocument> = { terms: termsOfService, privacy: privacyPolicy }

// The forms are made once per page, so React keeps each one's state across renders.
const forms = {
  terms: makeLegalForm(legalDocumentHtml(termsOfService)),
  privacy: makeLegalForm(legalDocumentHtml(privacyPolicy)),
}

function LegalPageEditor({ slug }: { slug: LegalSlug }) {
  const query = useLegalPage(slug)
  const texts = legalTexts.pages[slug]
  return (
    <SingleRowEditor
      texts={texts}
      preview={texts.path}
      query={query}
      drafts={useRowDrafts('legal_pages', query, texts.path)}
      save={useSaveLegalPage()}
      check={legalProblem}
      build={buildLegalPayload}
      Form={forms[slug]}
    />
  )
}

export function LegalEditor() {
  return (
    <div className="space-y-12">
      {(Object.keys(documents) as LegalSlug[]).map((slug) => (
        <LegalPageEditor key={slug} slug={slug} />
      ))}
    </div>
  )
}
