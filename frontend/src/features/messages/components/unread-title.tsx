// The browser tab says how many messages are unread, "(2) Admin – …", as mail clients do,
// so a pinned admin tab shows a new enquiry. It shares the inbox's read (and its live
// updates through the sidebar's count). Renders nothing.
import { useEffect } from 'react'
import { useContactMessages } from '../api/get-contact-messages'
import { unreadCount } from '../inbox'

export function tabTitle(title: string, unread: number): string {
  return unread > 0 ? `(${unread}) ${title}` : title
}

export function UnreadInTitle({ title }: { title: string }) {
  const { data } = useContactMessages()
  const unread = unreadCount(data ?? [])
  useEffect(() => {
    document.title = tabTitle(title, unread)
  }, [title, unread])
  return null
}
