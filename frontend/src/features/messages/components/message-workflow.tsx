// Inside 'Message Details': where the owner is with the enquiry (New, Replied, Done, set
// only by a click here) and their private note, each saved on its own.
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { StatusMessage, type Status } from '@/components/ui/status-message'
import { Textarea } from '@/components/ui/textarea'
import { cn } from '@/lib/cn'
import { useSaveMessageNote, useSetMessageStatus } from '../api/update-messages'
import { inboxTexts as t } from '../texts'
import { messageStatuses, type ContactMessage } from '../types'

export const NOTE_MAX = 5000

/** Keyed by the message's id where it is used, so another message starts from its own note. */
interface MessageWorkflowProps {
  message: ContactMessage
  /** After a write, so the list (and this dialog's message) show what is stored. */
  onChanged: () => Promise<void> | void
}

export function MessageWorkflow({ message, onChanged }: MessageWorkflowProps) {
  const id = useId()
  const setStatus = useSetMessageStatus()
  const saveNote = useSaveMessageNote()
  const [note, setNote] = useState(message.note ?? '')
  const [result, setResult] = useState<Status | null>(null)

  async function onStatus(status: ContactMessage['status']) {
    if (status === message.status) return
    setResult(null)
    const done = await setStatus.mutate(message.id, status)
    if (!done.success) {
      console.error('Error updating the status:', done.error)
      setResult({ text: t.statusFailed, tone: 'error' })
      return
    }
    setResult({ text: t.statusSaved(t.statusLabels[status]), tone: 'success' })
    await onChanged()
  }

  async function onSaveNote() {
    setResult(null)
    if (note.length > NOTE_MAX) {
      setResult({ text: t.noteTooLong(NOTE_MAX), tone: 'error' })
      return
    }
    const done = await saveNote.mutate(message.id, note)
    if (!done.success) {
      console.error('Error saving the note:', done.error)
      setResult({ text: t.noteFailed, tone: 'error' })
      return
    }
    setResult({ text: t.noteSaved, tone: 'success' })
    await onChanged()
  }

  const noteChanged = note !== (message.note ?? '')
  return (
    <div className="mt-5 space-y-4 border-t border-slate-200 pt-5">
      <div role="group" aria-labelledby={`${id}-status`}>
        <p id={`${id}-status`} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {t.status}
        </p>
        <div className="mt-2 inline-flex rounded-xl bg-slate-100 p-1">
          {messageStatuses.map((status) => (
            <button
              key={status}
              type="button"
              aria-pressed={message.status === status}
              disabled={setStatus.isPending}
              onClick={() => void onStatus(status)}
              className={cn(
                'min-h-11 rounded-lg px-4 text-sm font-medium text-slate-700 transition-colors focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none',
                message.status === status ? 'bg-white text-slate-950 shadow-sm' : 'hover:text-slate-950',
              )}
            >
              {t.statusLabels[status]}
            </button>
          ))}
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-note`} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {t.note}
        </label>
        <p id={`${id}-note-hint`} className="mt-1 text-sm text-slate-500">
          {t.noteHint}
        </p>
        <Textarea
          id={`${id}-note`}
          aria-describedby={`${id}-note-hint`}
          className="mt-2 min-h-24"
          value={note}
          placeholder={t.notePlaceholder}
          onChange={(e) => setNote(e.target.value)}
        />
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <Button variant="outline" size="sm" disabled={!noteChanged || saveNote.isPending} onClick={() => void onSaveNote()}>
            {saveNote.isPending ? t.savingNote : t.saveNote}
          </Button>
        </div>
      </div>
      {result && <StatusMessage status={result} />}
    </div>
  )
}
