import { describe, expect, it } from 'vitest'
import { csvFilename, messagesCsv, searchMessages, unreadCount } from './inbox'
import type { ContactMessage } from './types'

function message(fields: Partial<ContactMessage>): ContactMessage {
  return {
    id: '1',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    phone: null,
    service_needed: null,
    message: 'Hello',
    created_at: '2026-11-23T10:00:00.000Z',
    read_at: null,
    ...fields,
  }
}

const inbox = [
  message({ id: '1', message: 'Lined linen curtains, please' }),
  message({
    id: '2',
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@navy.example',
    read_at: '2026-11-23T11:00:00Z',
    service_needed: 'blinds',
  }),
  message({ id: '3', first_name: 'Alan', last_name: 'Turing', email: 'alan@example.org', phone: '+44 161 000' }),
]

describe('inbox', () => {
  it('counts unread messages', () => {
    expect(unreadCount(inbox)).toBe(2)
    expect(unreadCount([])).toBe(0)
  })

  it('searches name, email, phone, text and service, every word, ignoring case', () => {
    expect(searchMessages(inbox, 'LINEN').map((m) => m.id)).toEqual(['1'])
    expect(searchMessages(inbox, 'navy.example').map((m) => m.id)).toEqual(['2'])
    expect(searchMessages(inbox, 'grace hopper').map((m) => m.id)).toEqual(['2'])
    expect(searchMessages(inbox, 'Blinds').map((m) => m.id)).toEqual(['2'])
    expect(searchMessages(inbox, '161').map((m) => m.id)).toEqual(['3'])
    expect(searchMessages(inbox, '  ').map((m) => m.id)).toEqual(['1', '2', '3'])
    expect(searchMessages(inbox, 'ada turing')).toEqual([])
  })

  it('exports CSV with a header, escaped fields and defused formulas', () => {
    const csv = messagesCsv([message({ message: '=cmd|"/c calc"!A1\nsecond line', phone: '+1 555', service_needed: 'curtains' })])
    const [header, row] = csv.split('\r\n')
    expect(header).toBe('Received,First Name,Last Name,Email,Phone,Service Needed,Message,Read')
    expect(csv).toContain(
      `2026-11-23T10:00:00.000Z,Ada,Lovelace,ada@example.com,'+1 555,Custom Curtains,"'=cmd|""/c calc""!A1\nsecond line",no\r\n`,
    )
    expect(row.startsWith('2026-11-23')).toBe(true)
  })

  it('names the file by the day', () => {
    expect(csvFilename(new Date('2026-11-23T22:00:00Z'))).toBe('messages-2026-11-23.csv')
  })
})
