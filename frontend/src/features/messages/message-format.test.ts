import { describe, expect, it } from 'vitest'
import { formatMessageDate, fullName, messagePreview, replyMailto, serviceLabel } from './message-format'

describe('messagePreview', () => {
  it('keeps a message of up to 150 characters whole', () => {
    expect(messagePreview('Short')).toBe('Short')
    expect(messagePreview('x'.repeat(150))).toBe('x'.repeat(150))
  })

  it('cuts a longer one at 150 characters and adds an ellipsis', () => {
    const preview = messagePreview(`${'a'.repeat(150)}bcd`)
    expect(preview).toBe(`${'a'.repeat(150)}...`)
    expect(preview).toHaveLength(153)
  })

  it('treats a missing message as empty', () => {
    expect(messagePreview(null)).toBe('')
  })
})

describe('formatMessageDate', () => {
  it('is en-US with a short month, the day, year, hour and minute', () => {
    expect(formatMessageDate('2025-10-10T14:05:00Z', 'UTC')).toBe('Oct 10, 2025, 02:05 PM')
    expect(formatMessageDate('2025-01-02T09:30:00Z', 'America/New_York')).toBe('Jan 2, 2025, 04:30 AM')
  })

  it('leaves an unreadable date as it is', () => {
    expect(formatMessageDate('not a date')).toBe('not a date')
  })
})

describe('replyMailto', () => {
  it('drafts a reply to the sender with the subject and a greeting by first name', () => {
    const href = replyMailto({ email: 'ada@example.com', first_name: 'Ada' })
    expect(href.startsWith('mailto:ada@example.com?')).toBe(true)
    const params = new URLSearchParams(href.slice(href.indexOf('?') + 1))
    expect(params.get('subject')).toBe('Re: Your inquiry')
    expect(params.get('body')).toMatch(/^Hi Ada,\n\nThank you/)
    expect(href).not.toContain('+')
  })

  it('quotes the enquiry below the greeting when given the whole message', () => {
    const href = replyMailto({
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      created_at: '2026-11-23T10:00:00.000Z',
      message: 'Two windows,\r\n\nlined please',
    })
    const body = new URLSearchParams(href.slice(href.indexOf('?') + 1)).get('body') ?? ''
    expect(body).toMatch(/^Hi Ada,\n\nThank you/)
    expect(body).toMatch(/\n\n\nOn Nov 23, 2026, \d\d:\d\d [AP]M, Ada Lovelace wrote:\n> Two windows,\n>\n> lined please$/)
  })

  it('escapes characters that would end the address', () => {
    expect(replyMailto({ email: 'a?b#c@example.com', first_name: 'A' })).toMatch(/^mailto:a%3Fb%23c@example\.com\?subject=/)
  })
})

describe('labels', () => {
  it('joins first and last name', () => {
    expect(fullName({ first_name: 'Ada', last_name: 'Lovelace' })).toBe('Ada Lovelace')
  })

  it("shows the contact form's label of a service", () => {
    expect(serviceLabel('Furniture Covers')).toBe('Furniture Covers')
    expect(serviceLabel('Re-upholstery')).toBe('Re-upholstery')
    expect(serviceLabel(null)).toBe('')
  })
})
