//! One admin section over a single-row table (hero, about, site settings, contact details),
//! configured by its feature: the title, an optional Preview link to the public page, the
//! row's loading and error states, and the section's form, made anew from each saved
//! version of the row. Checking, saving (by id, or inserting the first row), the message
//! and the read after a save are useSingleRowEditor's.
import { ExternalLink } from 'lucide-react'
import { useId, useState, type ComponentType } from 'react'
import { buttonVariants } from '@/components/ui/button'
import { PanelHeader } from '@/components/ui/panel-header'
import { PanelContent } from '@/components/ui/panel-state'
import type { Status } from '@/components/ui/status-message'
import { adminTexts } from '@/config/admin'
import type { MutationResult } from '@/lib/use-mutation'
import type { QueryResult } from '@/lib/use-query'
import type { RowDrafts } from './drafts-slot'
import { useSingleRowEditor } from './use-single-row-editor'

/** What a single-row section's form is given. */
export interface SingleRowFormProps<R, V> {
  /** The stored row; null while there is none. */
  row: R | null
  saving: boolean
  status: Status | null
  onSave: (values: V) => Promise<void>
  /** Keep as Draft, when the section offers drafts. */
  onSaveDraft?: (values: V) => Promise<void>
}

interface SingleRowEditorProps<R extends { id: string; updated_at?: string | null }, V, P> {
  /** The section's copy; `logSave` prefixes a failed save's cause in the console (the spec only logs it). */
  texts: { title: string; subtitle: string; success: string; failure: string; logSave: string }
  /** The public page (and anchor) the Preview link opens in a new tab; no link when absent. */
  preview?: string
  query: QueryResult<R | null>
  save: { mutate: (id: string | undefined, payload: P) => Promise<MutationResult<unknown>>; isPending: boolean }
  /** The message shown when the values cannot be saved, else null; every value passes when absent. */
  check?: (values: V) => string | null
  build: (values: V) => P
  Form: ComponentType<SingleRowFormProps<R, V>>
  /** Drafts and history (features/history), when the section offers them. */
  drafts?: RowDrafts<R, P>
}

const passes = () => null

export function SingleRowEditor<R extends { id: string; updated_at?: string | null }, V, P>(props: SingleRowEditorProps<R, V, P>) {
  const { texts, preview, query, save, check = passes, Form, drafts } = props
  const titleId = useId()
  const { data, isLoading, error, refetch } = query
  const [draftStatus, setDraftStatus] = useState<Status | null>(null)
  const { status, onSave } = useSingleRowEditor({
    id: data?.id,
    refetch,
    save: async (id, payload) => {
      setDraftStatus(null)
      const result = await save.mutate(id, payload)
      if (result.success) await drafts?.saved(id)
      return result
    },
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
          (preview || drafts?.actions) && (
            <>
              {drafts?.actions}
              {preview && (
                <a href={preview} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                  <ExternalLink aria-hidden="true" />
                  {adminTexts.preview}
                </a>
              )}
            </>
          )
        }
      />
      {drafts?.panel}
      <PanelContent data={data} isLoading={isLoading} error={error} onRetry={refetch}>
        <Form
          key={`${data?.id ?? 'new'}:${data?.updated_at ?? ''}:${drafts?.version ?? ''}`}
          row={drafts?.row ?? data ?? null}
          saving={save.isPending}
          status={draftStatus ?? status}
          onSave={onSave}
          onSaveDraft={
            drafts &&
            (async (values: V) => {
              const invalid = check(values)
              setDraftStatus(invalid ? { text: invalid, tone: 'error' } : await drafts.save(data?.id, props.build(values)))
            })
          }
        />
      </PanelContent>
    </section>
  )
}
