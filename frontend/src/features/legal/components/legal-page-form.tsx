// The form of one legal page: the rich-text editor holding the page's text (the original
// text until the owner saves their own), the date the page shows, and "Restore the
// original text", which puts the original back in the editor to be saved.
import { RotateCcw } from 'lucide-react'
import { Suspense, useId } from 'react'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { LoadBoundary } from '@/components/ui/load-boundary'
import { Skeleton } from '@/components/ui/skeleton'
import type { SingleRowFormProps } from '@/features/admin/editors/single-row-editor'
import { SingleRowForm } from '@/features/admin/editors/single-row-form'
import { useViewOnly } from '@/features/admin/guard/view-only'
import { lazyWithRetry } from '@/lib/lazy-with-retry'
import { legalLastUpdated } from '../legal-html'
import { editedValues, legalFormValues, type LegalFormValues } from '../legal-payload'
import { legalTexts as t } from '../texts'
import type { LegalPageRow } from '../types'
import { useEditorGeneration } from '../use-editor-generation'

// Quill loads when the section first opens, as in the portfolio form.
const RichTextEditor = lazyWithRetry(
  () => import('@/features/portfolio/components/rich-text-editor'),
  (module) => module.default,
)

/** The form of a page whose original text is `originalHtml`. */
export function makeLegalForm(originalHtml: string) {
  const toValues = (row: LegalPageRow | null) => legalFormValues(row, originalHtml)
  return function LegalPageForm(props: SingleRowFormProps<LegalPageRow, LegalFormValues>) {
    return (
      <SingleRowForm {...props} toValues={toValues} layout="card">
        {({ values, update }) => <LegalBody row={props.row} values={values} originalHtml={originalHtml} update={update} />}
      </SingleRowForm>
    )
  }
}

interface LegalBodyProps {
  row: LegalPageRow | null
  values: LegalFormValues
  originalHtml: string
  update: (change: (current: LegalFormValues) => LegalFormValues) => void
}

function LegalBody({ row, values, originalHtml, update }: LegalBodyProps) {
  const id = useId()
  const viewOnly = useViewOnly()
  const { generation, typed } = useEditorGeneration(values.html)
  const date = legalLastUpdated(row)
  return (
    <div className="space-y-4">
      <div>
        {/* A contenteditable cannot be a label's `for` target; a click on the label focuses it. */}
        <Label id={`${id}-label`} onClick={(event) => event.currentTarget.parentElement?.querySelector<HTMLElement>('.ql-editor')?.focus()}>
          {t.text}
        </Label>
        <p id={`${id}-hint`} className="mb-2 text-xs text-slate-500">
          {t.textHint}
        </p>
        <div className="rounded-xl border border-slate-300 focus-within:border-primary focus-within:ring-2 focus-within:ring-secondary/40">
          <LoadBoundary>
            <Suspense fallback={<Skeleton className="h-[420px] rounded-xl" />}>
              <RichTextEditor
                key={generation}
                defaultValue={values.html}
                onChange={(html) => {
                  const next = editedValues(html)
                  typed(next.html)
                  update(() => next)
                }}
                labelledBy={`${id}-label`}
                describedBy={`${id}-hint`}
                readOnly={viewOnly}
              />
            </Suspense>
          </LoadBoundary>
        </div>
        <p className="mt-2 text-sm text-slate-600">{row?.body_html ? t.showingEdited(date) : t.showingOriginal(date)}</p>
      </div>
      {!values.original && (
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => update(() => ({ html: originalHtml, original: true }))}>
            <RotateCcw aria-hidden="true" />
            {t.restoreOriginal}
          </Button>
          <p className="mt-1.5 text-xs text-slate-500">{t.restoreHint}</p>
        </div>
      )}
    </div>
  )
}
