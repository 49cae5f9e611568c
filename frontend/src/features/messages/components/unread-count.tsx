// The number of unread messages beside "Contact Messages" in the admin's sidebar; nothing
// when all are read. It shares the inbox's read, so marking read updates it at once, and
// (always shown while the admin is open) keeps that read live.
import { cn } from '@/lib/cn'
import { useContactMessages } from '../api/get-contact-messages'
import { useLiveMessages } from '../api/use-live-messages'
import { unreadCount } from '../inbox'
import { inboxTexts } from '../texts'

export const unreadCountId = 'sidebar-unread-label'

export function UnreadCount({ className }: { className?: string }) {
  const { data, refetch } = useContactMessages()
  useLiveMessages(refetch)
  const count = unreadCount(data ?? [])
  if (count === 0) return null
  return (
    <span
      data-testid="sidebar-unread"
      className={cn(
        'ml-auto inline-flex min-w-6 items-center justify-center rounded-full bg-secondary px-2 text-xs font-semibold text-secondary-foreground',
        className,
      )}
    >
      <span aria-hidden="true">{count}</span>
      {/* The section button is described by this, so its name stays "Contact Messages". */}
      <span id={unreadCountId} hidden>
        {inboxTexts.unreadLabel(count)}
      </span>
    </span>
  )
}
