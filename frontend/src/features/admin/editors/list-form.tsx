//! The frame of an admin list's add/edit form, around the fields its section gives: the
//! values (reported to the unsaved-changes guard), focus on the first field when it opens,
//! the field checks, the Featured checkbox every list row has, the message naming the
//! required fields, a photo upload holding the save back, the conflict notice (someone
//! else saved the row since it was opened), the values kept across a reload (with a note
//! and Discard), and the Save / Cancel footer.
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Card } from '@/components/ui/card'
import { Checkbox } from '@/components/ui/checkbox'
import { adminTexts } from '@/config/admin'
import { cn } from '@/lib/cn'
import { useFieldChecks } from '../guard/use-field-checks'
import { useFocusFirstField } from '../guard/use-return-focus'
import type { Conflict } from '@/lib/table-writes'
import { hasChanges } from '../guard/form-changes'
import { useUnsavedChanges } from '../guard/use-unsaved-changes'
import { ConflictNotice } from './conflict-notice'
import { FormFooter } from './form-footer'
import { RestoredNote } from './restored-note'
import { readDraft, useDraft } from './use-draft'

/** What a list section's form is given by the list (features/admin/editors/list-manager.tsx). */
export interface ListFormProps<V> {
  heading: string
  initial: V
  saving: boolean
  error: string | null
  onSave: (values: V) => void
  onCancel: () => void
  /** Keep as Draft, when the list offers drafts. */
  onSaveDraft?: (values: V) => void
  /** Set by the list: a form among the grid's cards spans its whole row. */
  className?: string
  /** Where the unsaved values are kept across a reload, with the row they were edited on. */
  draft?: { key: string; base: unknown }
  /** A save that found the row changed since the form opened: what to show and the owner's ways on. */
  conflict?: { conflict: Conflict<unknown>; onKeepMine: (values: V) => void; onLoadTheirs?: () => void } | null
}

/** What the fields are given. */
export interface ListFormFields<V> {
  /** A prefix for the ids the fields label each other with. */
  id: string
  values: V
  set: <K extends keyof V>(name: K, value: V[K]) => void
  /** Reports a photo upload under way; the form cannot be saved meanwhile. */
  setUploading: (uploading: boolean) => void
}

interface ListFormFrameProps<V> extends ListFormProps<V> {
  testId: string
  isComplete: (values: V) => boolean
  /** Shown when a save is refused for a missing required field. */
  required: string
  /** The label of the Featured checkbox, after the section's fields ('Featured' when absent). */
  featured?: string
  /** What "Featured" does for this list, said under the checkbox. */
  featuredHint?: string
  children: (fields: ListFormFields<V>) => ReactNode
}

export function ListForm<V extends { featured: boolean }>(props: ListFormFrameProps<V>) {
  const {
    heading,
    initial,
    saving,
    error,
    onSave,
    onCancel,
    onSaveDraft,
    className,
    draft,
    conflict,
    testId,
    isComplete,
    required,
    featured = adminTexts.featured,
    featuredHint,
    children,
  } = props
  const id = useId()
  const [restored, setRestored] = useState(() => (draft ? readDraft<V, unknown>(draft.key) : null))
  const [values, setValues] = useState(restored?.values ?? initial)
  // A new opening state while the form is open (its item's draft discarded or kept
  // elsewhere) is shown at once when nothing here is unsaved; changes typed are kept.
  const [opened, setOpened] = useState(initial)
  if (hasChanges(opened, initial)) {
    setOpened(initial)
    if (!hasChanges(opened, values)) setValues(initial)
  }
  const formRef = useRef<HTMLFormElement>(null)
  const checks = useFieldChecks()
  const dirty = useUnsavedChanges(initial, values)
  useDraft(draft?.key ?? '', Boolean(draft) && dirty, { values, base: draft?.base ?? null })
  useFocusFirstField(formRef)
  const [incomplete, setIncomplete] = useState(false)
  const [uploading, setUploading] = useState(false)
  const set = <K extends keyof V>(name: K, value: V[K]) => setValues((current) => ({ ...current, [name]: value }))

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (uploading) return
    const complete = isComplete(values)
    setIncomplete(!complete)
    if (complete) onSave(values)
  }

  function saveDraft() {
    if (uploading || !onSaveDraft) return
    const complete = isComplete(values)
    setIncomplete(!complete)
    if (complete) onSaveDraft(values)
  }

  return (
    <Card data-testid={testId} className={cn('p-6 sm:p-8', className)}>
      <form
        ref={formRef}
        noValidate
        onSubmitCapture={checks.onSubmitCapture}
        onSubmit={onSubmit}
        aria-labelledby={`${id}-heading`}
        className="space-y-5"
      >
        <h3 id={`${id}-heading`} className="text-lg font-semibold text-slate-950">
          {heading}
        </h3>
        {restored && dirty && (
          <RestoredNote
            onDiscard={() => {
              setValues(initial)
              setRestored(null)
            }}
          />
        )}
        {children({ id, values, set, setUploading })}
        <div>
          <Checkbox
            id={`${id}-featured`}
            label={featured}
            checked={values.featured}
            aria-describedby={featuredHint ? `${id}-featured-hint` : undefined}
            onChange={(event) => set('featured', event.target.checked as V['featured'])}
          />
          {featuredHint && (
            <p id={`${id}-featured-hint`} className="mt-1 ml-6.5 text-sm text-slate-500">
              {featuredHint}
            </p>
          )}
        </div>
        {conflict && (
          <ConflictNotice
            conflict={conflict.conflict}
            busy={saving}
            onKeepMine={() => conflict.onKeepMine(values)}
            onLoadTheirs={conflict.onLoadTheirs}
          />
        )}
        <FormFooter
          problem={checks.problem}
          required={required}
          incomplete={incomplete}
          blocked={uploading ? adminTexts.waitForUpload : null}
          error={error}
          saving={saving}
          onCancel={onCancel}
          onSaveDraft={onSaveDraft && saveDraft}
        />
      </form>
    </Card>
  )
}
