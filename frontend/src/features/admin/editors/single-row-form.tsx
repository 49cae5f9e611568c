//! The form of a single-row admin section, around the fields its section gives: the
//! values and their baseline (use-row-form.tsx: unsaved-changes guard, kept across a
//! reload, conflicts), the field checks, a photo upload holding the save back, and the
//! Save Changes bar with the save's message, hidden again once a field changes.
import { useState, type FormEvent, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { StatusMessage, type Status } from '@/components/ui/status-message'
import { adminTexts } from '@/config/admin'
import { historyTexts } from '@/config/history'
import { cn } from '@/lib/cn'
import { useFieldChecks } from '../guard/use-field-checks'
import type { Versioned } from '@/lib/table-writes'
import { useStatusUntilEdited } from '../guard/use-unsaved-changes'
import type { SingleRowFormProps } from './single-row-editor'
import { useRowForm } from './use-row-form'

/** The names of the text values. */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V]

/** What the fields are given. */
export interface SingleRowFields<V> {
  values: V
  set: <K extends keyof V>(name: K, value: V[K]) => void
  /** The change handler of a text field. */
  change: (name: TextKey<V>) => (event: { target: { value: string } }) => void
  /** Changes several values at once (a colour preset). */
  update: (change: (current: V) => V) => void
  /** Reports a photo upload under way; the form cannot be saved meanwhile. */
  setUploading: (uploading: boolean) => void
}

interface SingleRowFormFrameProps<R, V> extends SingleRowFormProps<R, V> {
  /** The form's values for the row (the defaults when there is none). */
  toValues: (row: R | null) => V
  /** 'card': the fields sit in one card with the bar; 'cards': the fields bring their own cards, the bar below them. */
  layout: 'card' | 'cards'
  children: (fields: SingleRowFields<V>) => ReactNode
}

export function SingleRowForm<R extends Versioned, V>(props: SingleRowFormFrameProps<R, V>) {
  const { saving, status, toValues, layout, children } = props
  const { values, setValues, submit, keepDraft, restoredNote, conflictNotice } = useRowForm(props, toValues)
  const [uploading, setUploading] = useState(false)
  const checks = useFieldChecks()
  const shownStatus = useStatusUntilEdited(checks.problem ?? status, values)
  const set = <K extends keyof V>(name: K, value: V[K]) => setValues((current) => ({ ...current, [name]: value }))
  const change = (name: TextKey<V>) => (event: { target: { value: string } }) => set(name, event.target.value as V[TextKey<V>])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!uploading) void submit(values)
  }

  const card = layout === 'card'
  const form = (
    <form noValidate onSubmitCapture={checks.onSubmitCapture} onSubmit={onSubmit} className={card ? 'space-y-5' : 'space-y-6'}>
      {restoredNote}
      {children({ values, set, change, update: setValues, setUploading })}
      {conflictNotice}
      <SaveBar
        saving={saving}
        uploading={uploading}
        status={shownStatus}
        className={card ? 'pt-2' : undefined}
        onSaveDraft={keepDraft && (() => keepDraft(values))}
      />
    </form>
  )
  return card ? <Card className="p-6 sm:p-8">{form}</Card> : form
}

interface SaveBarProps {
  saving: boolean
  /** A photo still uploading: Save waits, and says why. */
  uploading?: boolean
  status: Status | null
  className?: string
  /** Keep as Draft beside Save Changes, when the section offers drafts. */
  onSaveDraft?: () => void
}

/** Save Changes ('Saving...' while it runs) and the save's message beside it. */
export function SaveBar({ saving, uploading = false, status, className, onSaveDraft }: SaveBarProps) {
  return (
    <div className={cn('flex flex-wrap items-center gap-4', className)}>
      <Button type="submit" disabled={saving || uploading}>
        {saving ? adminTexts.saving : adminTexts.saveChanges}
      </Button>
      {onSaveDraft && (
        <Button type="button" variant="outline" disabled={saving || uploading} onClick={onSaveDraft}>
          {historyTexts.saveDraft}
        </Button>
      )}
      {uploading && (
        <p role="status" className="text-sm text-slate-600">
          {adminTexts.waitForUpload}
        </p>
      )}
      <StatusMessage status={status} />
    </div>
  )
}
