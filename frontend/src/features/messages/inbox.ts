// The inbox's list logic: unread count, search by name, email or text, and the CSV export.
import { toCsv } from '@/lib/csv'
import { fullName, serviceLabel } from './message-format'
import { inboxTexts } from './texts'
import type { ContactMessage } from './types'

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
    ]),
  ])
}

/** "messages-2026-11-23.csv" */
export function csvFilename(now: Date = new Date()): string {
  return `messages-${now.toISOString().slice(0, 10)}.csv`
}
