// How the inbox shows a contact message: full name, the 150-character
// preview, the en-US date with a short month, the service's label, and the reply draft.
import { adminTexts } from '@/config/admin'
import { limits } from '@/config/site'
import { inboxTexts } from './texts'
import type { ContactMessage } from './types'

export function fullName(message: Pick<ContactMessage, 'first_name' | 'last_name'>): string {
  return `${message.first_name ?? ''} ${message.last_name ?? ''}`.trim()
}

/** The message cut to 150 characters, with '...' when it was longer. */
export function messagePreview(text: string | null | undefined, max: number = limits.messagePreviewChars): string {
  const value = text ?? ''
  return value.length > max ? `${value.slice(0, max)}...` : value
}

/** 'Oct 10, 2025, 02:30 PM': en-US, short month, hour and minute (in the viewer's time zone unless given). */
export function formatMessageDate(iso: string, timeZone?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  })
}

/** A message's service as shown: the label the visitor chose, stored as it is. */
export function serviceLabel(value: string | null | undefined): string {
  return value ?? ''
}

/** The enquiry as a mail quotes it: "On {date}, {name} wrote:" and each line after "> ". */
export function quotedEnquiry(message: Pick<ContactMessage, 'first_name' | 'last_name' | 'created_at' | 'message'>): string {
  const lines = (message.message ?? '').replace(/\r\n?/g, '\n').split('\n')
  return [inboxTexts.quoteIntro(formatMessageDate(message.created_at), fullName(message)), ...lines.map((l) => (l ? `> ${l}` : '>'))].join(
    '\n',
  )
}

/**
 * A mail draft to the sender: subject 'Re: Your inquiry', a thank-you greeting by first name,
 * and (given the whole message) the enquiry quoted below it.
 */
export function replyMailto(
  message: Pick<ContactMessage, 'email' | 'first_name'> & Partial<Pick<ContactMessage, 'last_name' | 'created_at' | 'message'>>,
): string {
  const to = encodeURIComponent(message.email.trim()).replace(/%40/g, '@')
  const subject = encodeURIComponent(adminTexts.messages.replySubject)
  const greeting = adminTexts.messages.replyGreeting(message.first_name.trim())
  const quote =
    message.message !== undefined && message.created_at !== undefined
      ? `\n\n\n${quotedEnquiry({ first_name: message.first_name, last_name: message.last_name ?? '', created_at: message.created_at, message: message.message })}`
      : ''
  const body = encodeURIComponent(greeting + quote)
  return `mailto:${to}?subject=${subject}&body=${body}`
}
