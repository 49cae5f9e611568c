// The Site Texts section: what the site says in the owner's name, on the shared
// single-row editor (drafts, history, conflicts, undo like the About section).
import type { ReactNode } from 'react'
import { Card } from '@/components/ui/card'
import { SingleRowEditor, type SingleRowFormProps } from '@/features/admin/editors/single-row-editor'
import { SingleRowForm } from '@/features/admin/editors/single-row-form'
import { useRowDrafts } from '@/features/history/use-row-drafts'
import { usePortfolioItems } from '@/features/portfolio/api/get-portfolio-items'
import { useSiteTextsRow } from '../api/get-site-texts'
import { useSaveSiteTexts } from '../api/save-site-texts'
import { resolveSiteTexts } from '../resolve'
import { buildSiteTextsPayload, categoryInUse, checkSiteTexts, siteTextsFormValues, type SiteTextsFormValues } from '../site-texts-payload'
import { siteTextsAdmin as t } from '../texts'
import type { SiteTextsRow } from '../types'
import { CategoryFields, FooterFields, StatsFields } from './list-fields'
import { SearchFields, SectionFields } from './section-fields'

export function SiteTextsEditor() {
  const query = useSiteTextsRow()
  const projects = usePortfolioItems()
  const saved = resolveSiteTexts(query.data).categories
  return (
    <SingleRowEditor
      texts={t}
      preview="/"
      query={query}
      drafts={useRowDrafts('site_texts', query, '/')}
      save={useSaveSiteTexts()}
      check={(values: SiteTextsFormValues) => checkSiteTexts(values) ?? categoryInUse(values, saved, projects.data)}
      build={buildSiteTextsPayload}
      Form={SiteTextsForm}
    />
  )
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="space-y-5 p-6 sm:p-8">
      <h3 className="font-display text-lg font-semibold text-slate-950">{title}</h3>
      {children}
    </Card>
  )
}

function SiteTextsForm(props: SingleRowFormProps<SiteTextsRow, SiteTextsFormValues>) {
  return (
    <SingleRowForm {...props} toValues={siteTextsFormValues} layout="cards">
      {(fields) => (
        <>
          <Group title={t.groups.sections}>
            <SectionFields {...fields} />
          </Group>
          <Group title={t.groups.about}>
            <StatsFields {...fields} />
          </Group>
          <Group title={t.groups.footer}>
            <FooterFields {...fields} />
          </Group>
          <Group title={t.groups.categories}>
            <CategoryFields {...fields} />
          </Group>
          <Group title={t.groups.search}>
            <SearchFields {...fields} />
          </Group>
        </>
      )}
    </SingleRowForm>
  )
}
