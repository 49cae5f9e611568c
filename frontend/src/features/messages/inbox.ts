// The inbox's list logic: unread count, search by name, email or text, and the CSV export.
import { toCsv } from '@/lib/csv'
import { fullName, serviceLabel } from './message-format'
import { inboxTexts } from './texts'
import type { ContactMessage, MessageStatus } from './types'

export function isUnread(message: ContactMessage): boolean {
  return !message.read_at
}

export function unreadCount(messages: readonly ContactMessage[]): number {
  return messages.filter(isUnread).length
}

/** The messages whose name, email, phone or text contain every word of `query` (case-insensitive). */
export function searchMessages(messages: readonly ContactMessage[], query: string): ContactMessage[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...messages]
  return messages.filter((message) => {
    const text = [fullName(message), message.email, message.phone ?? '', message.message, serviceLabel(message.service_needed)]
      .join('\n')
      .toLowerCase()
    return words.every((word) => text.includes(word))
  })
}

/** What the inbox's filters keep; an empty field keeps everything. */
export interface InboxFilters {
  status: MessageStatus | ''
  /** A stored service value, `none` for messages without one, or '' for any. */
  service: string
  /** Received within this many days of `now`, or '' for any time. */
  days: '' | '7' | '30' | '90' | '365'
  unreadOnly: boolean
}

export const noFilters: InboxFilters = { status: '', service: '', days: '', unreadOnly: false }

export const NO_SERVICE = 'none'

export function hasFilters(filters: InboxFilters): boolean {
  return filters.status !== '' || filters.service !== '' || filters.days !== '' || filters.unreadOnly
}

export function filterMessages(messages: readonly ContactMessage[], filters: InboxFilters, now: Date = new Date()): ContactMessage[] {
  const since = filters.days === '' ? null : now.getTime() - Number(filters.days) * 24 * 60 * 60 * 1000
  return messages.filter((m) => {
    if (filters.status && m.status !== filters.status) return false
    if (filters.service === NO_SERVICE ? Boolean(m.service_needed) : filters.service && m.service_needed !== filters.service) return false
    if (since !== null && new Date(m.created_at).getTime() < since) return false
    if (filters.unreadOnly && !isUnread(m)) return false
    return true
  })
}

/** The services the messages name, for the service filter (each value once, in first-seen order). */
export function servicesIn(messages: readonly ContactMessage[]): string[] {
  return [...new Set(messages.map((m) => m.service_needed).filter((v): v is string => Boolean(v)))]
}

/** The messages as CSV, in the order given; dates in ISO 8601 (UTC) so spreadsheets sort them. */
export function messagesCsv(messages: readonly ContactMessage[]): string {
  return toCsv([
    inboxTexts.csvHeader,
    ...messages.map((m) => [
      m.created_at,
      m.first_name,
      m.last_name,
      m.email,
      m.phone,
      serviceLabel(m.service_needed),
      m.message,
      m.read_at ? 'yes' : 'no',
      inboxTexts.statusLabels[m.status],
      m.note ?? '',
    ]),
  ])
}

/** "messages-2026-11-23.csv" */
export function csvFilename(now: Date = new Date()): string {
  return `messages-${now.toISOString().slice(0, 10)}.csv`
}
