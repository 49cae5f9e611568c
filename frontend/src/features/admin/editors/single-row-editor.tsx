//! One admin section over a single-row table (hero, about, site settings, contact details),
//! configured by its feature: the title, an optional Preview link to the public page, the
//! row's loading and error states, and the section's form (which keeps its values and
//! baseline across saves and reads: single-row-form.tsx). Checking, saving (over the
//! version the form loaded, or inserting the first row) and the message are
//! useSingleRowEditor's.
import { ExternalLink } from 'lucide-react'
import { useId, useState, type ComponentType } from 'react'
import { buttonVariants } from '@/components/ui/button'
import { PanelHeader } from '@/components/ui/panel-header'
import { PanelContent } from '@/components/ui/panel-state'
import type { Status } from '@/components/ui/status-message'
import { adminTexts } from '@/config/admin'
import type { GuardedSave } from '@/lib/table-writes'
import type { MutationResult } from '@/lib/use-mutation'
import type { QueryResult } from '@/lib/use-query'
import type { RowDrafts } from './drafts-slot'
import { clearDraft, draftKey } from './use-draft'
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
  /**
   * Keep as Draft, when the section offers drafts: stores `values` as the row's draft, made
   * over `base`; `stored` is called once it is written, before the draft is read back as `row`.
   */
  onSaveDraft?: (values: V, base: R | null, stored: () => void) => Promise<void>
  /** The version of the draft `row` carries ('' when none): a new one is a new opening state for the form. */
  revision?: string
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
  /** Drafts and history (features/history), when the section offers them. */
  drafts?: RowDrafts<R, P>
}

const passes = () => null

export function SingleRowEditor<R extends { id: string; updated_at?: string | null }, V, P>(props: SingleRowEditorProps<R, V, P>) {
  const { texts, preview, query, save, check = passes, Form, drafts } = props
  const titleId = useId()
  const { data, isLoading, error, refetch } = query
  const [draftStatus, setDraftStatus] = useState<Status | null>(null)
  const { status, onSave } = useSingleRowEditor<R, V, P>({
    refetch,
    save: (base, payload) => {
      setDraftStatus(null)
      return save.mutate(base, payload)
    },
    check,
    build: props.build,
    texts,
    log: texts.logSave,
  })

  // A save publishes the row's draft, so the draft is dropped; only after the form took the
  // written row as its baseline, so the draft going never shows the old values meanwhile.
  const saveAndDropDraft: typeof onSave = async (values, base, written) => {
    const outcome = await onSave(values, base, written)
    if (outcome.kind === 'saved') await drafts?.saved(outcome.row.id)
    return outcome
  }

  const keepDraft = async (values: V, base: R | null, stored: () => void) => {
    if (!drafts) return
    const invalid = check(values)
    if (invalid) {
      setDraftStatus({ text: invalid, tone: 'error' })
      return
    }
    const result = await drafts.save(data?.id, props.build(values), base ? (base.updated_at ?? null) : undefined, () => {
      // The values are a draft now: the copy kept for a reload must not offer them back as unsaved.
      clearDraft(draftKey(texts.title, 'row'))
      stored()
    })
    setDraftStatus(result)
  }

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
                  {adminTexts.viewLive}
                </a>
              )}
            </>
          )
        }
      />
      {drafts?.panel}
      <PanelContent data={data} isLoading={isLoading} error={error} onRetry={refetch}>
        <Form
          row={drafts?.row ?? data ?? null}
          revision={drafts?.version ?? ''}
          saving={save.isPending}
          status={draftStatus ?? status}
          onSave={saveAndDropDraft}
          onSaveDraft={drafts && keepDraft}
          section={texts.title}
        />
      </PanelContent>
    </section>
  )
}
