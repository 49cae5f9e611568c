// 'Message Details': the whole message with its line breaks, its status and private note,
// a reply draft quoting the enquiry, and Delete. Closes by its close button, the backdrop
// or Escape.
import { Mail, Trash2 } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { Button, buttonVariants } from '@/components/ui/button'
import { Dialog, DialogClose } from '@/components/ui/dialog'
import { adminTexts } from '@/config/admin'
import { formatMessageDate, fullName, replyMailto, serviceLabel } from '../message-format'
import type { ContactMessage } from '../types'
import { MessageWorkflow } from './message-workflow'

const t = adminTexts.messages

interface MessageDialogProps {
  message: ContactMessage | null
  /** False for a viewer: the status, note and Delete are shown but not offered. */
  canChange: boolean
  deleting: boolean
  onClose: () => void
  onDelete: (message: ContactMessage) => void
  onChanged: () => Promise<void> | void
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 break-words text-slate-900">{children}</dd>
    </div>
  )
}

export function MessageDialog({ message, canChange, deleting, onClose, onDelete, onChanged }: MessageDialogProps) {
  const id = useId()
  return (
    <Dialog open={message !== null} onClose={onClose} labelledBy={`${id}-title`} size="md" className="max-h-[80vh]">
      {message && (
        <>
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-6 py-4">
            <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-950">
              {t.detailsTitle}
            </h2>
            <DialogClose onClose={onClose} label={t.close} className="bg-slate-100 shadow-none hover:bg-slate-200" />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">
            <dl className="grid gap-4 sm:grid-cols-2">
              <Detail label={t.name}>{fullName(message)}</Detail>
              <Detail label={t.email}>
                <a href={`mailto:${message.email}`} className="text-primary underline-offset-2 hover:underline">
                  {message.email}
                </a>
              </Detail>
              {message.phone && (
                <Detail label={t.phone}>
                  <a href={`tel:${message.phone}`} className="text-primary underline-offset-2 hover:underline">
                    {message.phone}
                  </a>
                </Detail>
              )}
              <Detail label={t.submittedOn}>{formatMessageDate(message.created_at)}</Detail>
              {message.service_needed && <Detail label={t.serviceNeeded}>{serviceLabel(message.service_needed)}</Detail>}
            </dl>
            <div className="mt-5">
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t.message}</p>
              <p data-testid="message-full-text" className="mt-2 rounded-xl bg-slate-50 p-4 break-words whitespace-pre-wrap text-slate-800">
                {message.message}
              </p>
            </div>
            <fieldset disabled={!canChange} className="min-w-0">
              <MessageWorkflow key={message.id} message={message} onChanged={onChanged} />
            </fieldset>
          </div>
          <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 px-6 py-4">
            {canChange && (
              <Button
                variant="ghost"
                className="text-red-700 hover:bg-red-50 hover:text-red-800"
                onClick={() => onDelete(message)}
                disabled={deleting}
              >
                <Trash2 aria-hidden="true" />
                {adminTexts.delete}
              </Button>
            )}
            <a href={replyMailto(message)} className={buttonVariants({ variant: 'primary' })}>
              <Mail aria-hidden="true" />
              {t.reply}
            </a>
          </div>
        </>
      )}
    </Dialog>
  )
}
