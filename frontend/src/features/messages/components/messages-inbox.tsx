// Contact Messages (spec §2, §4): the submissions newest first with a count, each as a
// card with its preview; View opens the details dialog; Delete after a confirmation.
import { Calendar, Eye, Inbox, Mail, Phone, Tag } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { PanelContent } from '@/components/ui/panel-state'
import { StatusMessage } from '@/components/ui/status-message'
import { adminTexts } from '@/config/admin'
import { failureText } from '@/lib/network-error'
import { guardTexts } from '@/config/admin-guard'
import { useAdminGuard } from '@/features/admin/guard/admin-guard'
import { useDeferredDelete } from '@/features/admin/guard/use-deferred-delete'
import { DeleteButton } from '@/features/admin/components/row-actions'
import { useDeleteContactMessage } from '../api/delete-contact-message'
import { useContactMessages } from '../api/get-contact-messages'
import { formatMessageDate, fullName, messagePreview, serviceLabel } from '../message-format'
import type { ContactMessage } from '../types'
import { MessageDialog } from './message-dialog'

const t = adminTexts.messages

export function MessagesInbox() {
  const { data, isLoading, error, refetch } = useContactMessages()
  const remove = useDeleteContactMessage()
  const [open, setOpen] = useState<ContactMessage | null>(null)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const guard = useAdminGuard()
  const deferred = useDeferredDelete<ContactMessage>({
    remove: (message) => remove.mutate(message.id),
    settled: async (result) => {
      if (!result.success) {
        console.error('Error deleting message:', result.error)
        setDeleteError(failureText(t.deleteFailed, result.error))
      }
      await refetch()
    },
  })
  // Messages waiting out their undo window are not shown.
  const messages = (data ?? []).filter((message) => !deferred.hidden.has(message.id))

  useEffect(() => {
    void refetch()
  }, [refetch])

  async function onDelete(message: ContactMessage) {
    setDeleteError(null)
    const d = guardTexts.deleteDialog
    const confirmed = await guard.confirm({ title: d.title, message: t.confirmDelete, confirmLabel: d.confirm, cancelLabel: d.cancel, danger: true })
    if (!confirmed) return
    deferred.schedule(message, guardTexts.deleted.message)
    setOpen(null)
  }

  return (
    <section aria-labelledby="messages-title" className="space-y-6">
      <div className="flex items-center gap-3">
        <h2 id="messages-title" className="font-display text-2xl font-semibold tracking-tight text-slate-950">
          {t.title}
        </h2>
        {data !== undefined && (
          <Badge variant="accent" data-testid="message-count" aria-label={`${messages.length} messages`}>
            {messages.length}
          </Badge>
        )}
      </div>
      {deleteError && <StatusMessage status={{ text: deleteError, tone: 'error' }} className="flex" />}
      <PanelContent data={data} isLoading={isLoading} error={error} onRetry={refetch}>
        {messages.length === 0 ? (
          <Card className="flex flex-col items-center p-12 text-center">
            <Inbox aria-hidden="true" className="size-10 text-slate-300" />
            <h3 className="mt-4 text-lg font-semibold text-slate-950">{t.emptyTitle}</h3>
            <p className="mt-1 text-slate-600">{t.emptyText}</p>
          </Card>
        ) : (
          <ul className="space-y-4">
            {messages.map((message) => (
              <li key={message.id}>
                <MessageCard
                  message={message}
                  deleting={remove.isPending}
                  onView={() => setOpen(message)}
                  onDelete={() => void onDelete(message)}
                />
              </li>
            ))}
          </ul>
        )}
      </PanelContent>
      <MessageDialog message={open} deleting={remove.isPending} onClose={() => setOpen(null)} onDelete={(m) => void onDelete(m)} />
    </section>
  )
}

interface MessageCardProps {
  message: ContactMessage
  deleting: boolean
  onView: () => void
  onDelete: () => void
}

function MessageCard({ message, deleting, onView, onDelete }: MessageCardProps) {
  const name = fullName(message)
  return (
    <Card data-testid="message-card" className="p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-950">{name}</h3>
          <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
            <li className="inline-flex items-center gap-1.5">
              <Mail aria-hidden="true" className="size-4 text-slate-400" />
              <span data-testid="message-email">{message.email}</span>
            </li>
            {message.phone && (
              <li className="inline-flex items-center gap-1.5">
                <Phone aria-hidden="true" className="size-4 text-slate-400" />
                {message.phone}
              </li>
            )}
            <li className="inline-flex items-center gap-1.5">
              <Calendar aria-hidden="true" className="size-4 text-slate-400" />
              <time dateTime={message.created_at} data-testid="message-date">
                {formatMessageDate(message.created_at)}
              </time>
            </li>
            {message.service_needed && (
              <li className="inline-flex items-center gap-1.5">
                <Tag aria-hidden="true" className="size-4 text-slate-400" />
                <span data-testid="message-service">{serviceLabel(message.service_needed)}</span>
              </li>
            )}
          </ul>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" size="sm" onClick={onView} aria-label={`${t.view} message from ${name}`}>
            <Eye aria-hidden="true" />
            {t.view}
          </Button>
          <DeleteButton name={`message from ${name}`} onClick={onDelete} deleting={deleting} />
        </div>
      </div>
      <p data-testid="message-preview" className="mt-3 text-slate-700 break-words">
        {messagePreview(message.message)}
      </p>
    </Card>
  )
}
