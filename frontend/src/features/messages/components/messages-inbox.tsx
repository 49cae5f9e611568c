// Contact Messages: the submissions newest first (by the server's
// created_at) with a count, each as a card with its preview; View opens the details
// dialog and marks the message read; Delete after a confirmation. On top of the spec:
// unread messages in bold, each message's status (new, replied, done; set by the owner in
// the dialog) and private note, search and filters, select several to mark read/unread
// or delete, a CSV export of the messages shown, and the message a notification mail
// links to opened on arrival.
import { Calendar, Eye, Inbox, Mail, Phone, Tag } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { PanelContent } from '@/components/ui/panel-state'
import { StatusMessage } from '@/components/ui/status-message'
import { adminTexts } from '@/config/admin'
import { failureText } from '@/lib/network-error'
import { useAdminGuard } from '@/features/admin/guard/admin-guard'
import { useViewOnly } from '@/features/admin/guard/view-only'
import { useDeferredDelete } from '@/features/admin/guard/use-deferred-delete'
import { DeleteButton } from '@/features/admin/components/row-actions'
import { downloadCsv } from '@/lib/csv'
import { cn } from '@/lib/cn'
import { useDeleteContactMessage } from '../api/delete-contact-message'
import { useDeleteContactMessages, useSetMessagesRead } from '../api/update-messages'
import { forgetLinkedMessage, linkedMessage } from '../linked-message'
import {
  csvFilename,
  filterMessages,
  isUnread,
  messagesCsv,
  noFilters,
  searchMessages,
  servicesIn,
  unreadCount,
  type InboxFilters,
} from '../inbox'
import { inboxTexts } from '../texts'
import { useContactMessages } from '../api/get-contact-messages'
import { formatMessageDate, fullName, messagePreview, serviceLabel } from '../message-format'
import type { ContactMessage } from '../types'
import { InboxFiltersBar } from './inbox-filters'
import { InboxToolbar } from './inbox-toolbar'
import { MessageDialog } from './message-dialog'

const t = adminTexts.messages

export function MessagesInbox() {
  const { data, isLoading, error, refetch } = useContactMessages()
  const remove = useDeleteContactMessage()
  const [openId, setOpenId] = useState<string | null>(null)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const guard = useAdminGuard()
  // A viewer reads the inbox (opening a message does not mark it read for the editors).
  const viewOnly = useViewOnly()
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
  const setRead = useSetMessagesRead()
  const removeMany = useDeleteContactMessages()
  const [query, setQuery] = useState('')
  const [filters, setFilters] = useState<InboxFilters>(noFilters)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  // Messages waiting out their undo window are not shown.
  const messages = useMemo(() => (data ?? []).filter((message) => !deferred.hidden.has(message.id)), [data, deferred.hidden])
  const shown = useMemo(() => filterMessages(searchMessages(messages, query), filters), [messages, query, filters])
  const services = useMemo(() => servicesIn(messages), [messages])
  // The dialog shows the stored message, so a status or note saved there shows at once.
  const open = messages.find((m) => m.id === openId) ?? null
  const selectedIds = shown.filter((m) => selected.has(m.id)).map((m) => m.id)
  const unread = unreadCount(messages)

  function toggle(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  }

  async function markRead(ids: string[], read: boolean) {
    setDeleteError(null)
    const result = await setRead.mutate(ids, read)
    if (!result.success) {
      console.error('Error updating messages:', result.error)
      setDeleteError(inboxTexts.updateFailed)
    }
    await refetch()
  }

  function onView(message: ContactMessage) {
    setOpenId(message.id)
    if (isUnread(message) && !viewOnly) void markRead([message.id], true)
  }

  // A notification mail's link (/admin?message=<id>) opens that message once the list is
  // read (and marks it read, as opening it here would); one no longer there leaves the
  // inbox as it is. The link is then forgotten, so coming back to the inbox shows the list.
  const [linkHandled, setLinkHandled] = useState(false)
  if (data && !linkHandled) {
    setLinkHandled(true)
    const linked = linkedMessage()
    if (linked && data.some((m) => m.id === linked)) setOpenId(linked)
  }
  useEffect(() => {
    if (!linkHandled) return
    const linked = linkedMessage()
    forgetLinkedMessage()
    const message = linked ? data?.find((m) => m.id === linked) : undefined
    if (message && isUnread(message) && !viewOnly) void setRead.mutate([message.id], true).then(() => refetch())
    // Once, when the link has been handled.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linkHandled])

  async function onDeleteSelected() {
    setDeleteError(null)
    if (!(await guard.confirmDelete(inboxTexts.confirmDeleteSelected(selectedIds.length)))) return
    const result = await removeMany.mutate(selectedIds)
    if (!result.success) {
      console.error('Error deleting messages:', result.error)
      setDeleteError(failureText(t.deleteFailed, result.error))
    }
    setSelected(new Set())
    await refetch()
  }

  useEffect(() => {
    void refetch()
  }, [refetch])

  async function onDelete(message: ContactMessage) {
    setDeleteError(null)
    if (!(await guard.confirmDelete(t.confirmDelete))) return
    deferred.schedule(message, t.deleted)
    setOpenId(null)
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
        {data !== undefined && unread > 0 && (
          <span data-testid="inbox-unread" className="text-sm font-medium text-slate-600">
            {inboxTexts.unread(unread)}
          </span>
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
          <div className="space-y-4">
            <InboxToolbar
              canChange={!viewOnly}
              query={query}
              onQuery={setQuery}
              shownCount={shown.length}
              selectedCount={selectedIds.length}
              busy={setRead.isPending || removeMany.isPending}
              onSelectAll={(all) => setSelected(new Set(all ? shown.map((m) => m.id) : []))}
              onMarkRead={(read) => void markRead(selectedIds, read)}
              onDeleteSelected={() => void onDeleteSelected()}
              onExport={() => downloadCsv(csvFilename(), messagesCsv(shown))}
            />
            <InboxFiltersBar filters={filters} services={services} onChange={setFilters} />
            {shown.length === 0 ? (
              <Card className="p-10 text-center text-slate-500">{inboxTexts.noMatches}</Card>
            ) : (
              <ul className="space-y-4">
                {shown.map((message) => (
                  <li key={message.id}>
                    <MessageCard
                      message={message}
                      canChange={!viewOnly}
                      selected={selected.has(message.id)}
                      onSelect={(on) => toggle(message.id, on)}
                      deleting={remove.isPending}
                      onView={() => onView(message)}
                      onDelete={() => void onDelete(message)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </PanelContent>
      <MessageDialog
        message={open}
        canChange={!viewOnly}
        deleting={remove.isPending}
        onClose={() => setOpenId(null)}
        onDelete={(m) => void onDelete(m)}
        onChanged={refetch}
      />
    </section>
  )
}

const statusBadge: Record<ContactMessage['status'], string> = {
  new: 'bg-sky-100 text-sky-900',
  replied: 'bg-amber-100 text-amber-900',
  done: 'bg-emerald-100 text-emerald-900',
}

interface MessageCardProps {
  message: ContactMessage
  canChange: boolean
  selected: boolean
  onSelect: (selected: boolean) => void
  deleting: boolean
  onView: () => void
  onDelete: () => void
}

function MessageCard({ message, canChange, selected, onSelect, deleting, onView, onDelete }: MessageCardProps) {
  const name = fullName(message)
  const unread = isUnread(message)
  return (
    <Card
      data-testid="message-card"
      data-unread={unread || undefined}
      className={cn('flex gap-4 p-5 sm:p-6', unread && 'border-l-4 border-l-secondary')}
    >
      {canChange && (
        <input
          type="checkbox"
          className="mt-1 size-4 shrink-0 cursor-pointer accent-primary"
          aria-label={inboxTexts.select(name)}
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
        />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className={cn('text-slate-950', unread ? 'font-bold' : 'font-medium')}>{name}</h3>
              {unread && <Badge variant="accent">{inboxTexts.unreadBadge}</Badge>}
              <Badge data-testid="message-status" className={statusBadge[message.status]}>
                {inboxTexts.statusLabels[message.status]}
              </Badge>
            </div>
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
            {canChange && <DeleteButton name={`message from ${name}`} onClick={onDelete} deleting={deleting} />}
          </div>
        </div>
        <p data-testid="message-preview" className={cn('mt-3 break-words', unread ? 'font-semibold text-slate-900' : 'text-slate-700')}>
          {messagePreview(message.message)}
        </p>
      </div>
    </Card>
  )
}
