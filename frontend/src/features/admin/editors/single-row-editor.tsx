//! One admin section over a single-row table (hero, about, site settings, contact details),
//! configured by its feature: the title, an optional Preview link to the public page, the
//! row's loading and error states, and the section's form (which keeps its values and
//! baseline across saves and reads: single-row-form.tsx). Checking, saving (over the
//! version the form loaded, or inserting the first row) and the message are
//! useSingleRowEditor's.
import { ExternalLink } from 'lucide-react'
import { useId, type ComponentType } from 'react'
import { buttonVariants } from '@/components/ui/button'
import { PanelHeader } from '@/components/ui/panel-header'
import { PanelContent } from '@/components/ui/panel-state'
import type { Status } from '@/components/ui/status-message'
import { adminTexts } from '@/config/admin'
import type { GuardedSave } from '@/lib/table-writes'
import type { MutationResult } from '@/lib/use-mutation'
import type { QueryResult } from '@/lib/use-query'
import { useSingleRowEditor, type SaveOutcome } from './use-single-row-editor'

/** What a single-row section's form is given. */
export interface SingleRowFormProps<R, V> {
  /** The stored row as last read; null while there is none. */
  row: R | null
  saving: boolean
  status: Status | null
  /** Saves `values` over `base`, the row the form's values were edited on; `written` gets the written row. */
  onSave: (values: V, base: R | null, written?: (row: R) => void) => Promise<SaveOutcome<R>>
  /** Where the form's unsaved values are kept across a reload (the section's name). */
  section: string
}

interface SingleRowEditorProps<R extends { id: string; updated_at?: string | null }, V, P> {
  /** The section's copy; `logSave` prefixes a failed save's cause in the console (the spec only logs it). */
  texts: { title: string; subtitle: string; success: string; failure: string; logSave: string }
  /** The public page (and anchor) the Preview link opens in a new tab; no link when absent. */
  preview?: string
  query: QueryResult<R | null>
  save: { mutate: (base: R | null, payload: P) => Promise<MutationResult<GuardedSave<R>>>; isPending: boolean }
  /** The message shown when the values cannot be saved, else null; every value passes when absent. */
  check?: (values: V) => string | null
  build: (values: V) => P
  Form: ComponentType<SingleRowFormProps<R, V>>
}

const passes = () => null

export function SingleRowEditor<R extends { id: string; updated_at?: string | null }, V, P>(props: SingleRowEditorProps<R, V, P>) {
  const { texts, preview, query, save, check = passes, Form } = props
  const titleId = useId()
  const { data, isLoading, error, refetch } = query
  const { status, onSave } = useSingleRowEditor<R, V, P>({
    refetch,
    save: save.mutate,
    check,
    build: props.build,
    texts,
    log: texts.logSave,
  })

  return (
    <section aria-labelledby={titleId} className="space-y-6">
      <PanelHeader
        title={<span id={titleId}>{texts.title}</span>}
        subtitle={texts.subtitle}
        actions={
          preview && (
            <a href={preview} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <ExternalLink aria-hidden="true" />
              {adminTexts.preview}
            </a>
          )
        }
      />
      <PanelContent data={data} isLoading={isLoading} error={error} onRetry={refetch}>
        <Form row={data ?? null} saving={save.isPending} status={status} onSave={onSave} section={texts.title} />
      </PanelContent>
    </section>
  )
}
