import { describe, expect, it } from 'vitest'
import { csvFilename, filterMessages, messagesCsv, noFilters, searchMessages, servicesIn, unreadCount } from './inbox'
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
    status: 'new',
    note: null,
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
    const csv = messagesCsv([message({ message: '=cmd|"/c calc"!A1\nsecond line', phone: '+1 555', service_needed: 'Custom Curtains' })])
    const [header, row] = csv.split('\r\n')
    expect(header).toBe('Received,First Name,Last Name,Email,Phone,Service Needed,Message,Read,Status,Note')
    expect(csv).toContain(
      `2026-11-23T10:00:00.000Z,Ada,Lovelace,ada@example.com,'+1 555,Custom Curtains,"'=cmd|""/c calc""!A1\nsecond line",no,New,\r\n`,
    )
    expect(row.startsWith('2026-11-23')).toBe(true)
  })

  it('exports the status by its label and the private note', () => {
    const csv = messagesCsv([message({ status: 'replied', note: 'Measured on site' })])
    expect(csv.split('\r\n')[1]).toMatch(/,no,Replied,Measured on site$/)
  })

  it('filters by status, service (or none), received date and unread', () => {
    const now = new Date('2026-11-30T12:00:00Z')
    const list = [
      message({ id: 'a', status: 'new', service_needed: 'curtains', created_at: '2026-11-29T10:00:00Z' }),
      message({
        id: 'b',
        status: 'replied',
        service_needed: 'blinds',
        created_at: '2026-11-10T10:00:00Z',
        read_at: '2026-11-11T00:00:00Z',
      }),
      message({ id: 'c', status: 'done', service_needed: null, created_at: '2026-06-01T10:00:00Z', read_at: '2026-06-02T00:00:00Z' }),
    ]
    const ids = (f: Partial<typeof noFilters>) => filterMessages(list, { ...noFilters, ...f }, now).map((m) => m.id)
    expect(ids({})).toEqual(['a', 'b', 'c'])
    expect(ids({ status: 'replied' })).toEqual(['b'])
    expect(ids({ service: 'curtains' })).toEqual(['a'])
    expect(ids({ service: 'none' })).toEqual(['c'])
    expect(ids({ days: '7' })).toEqual(['a'])
    expect(ids({ days: '30' })).toEqual(['a', 'b'])
    expect(ids({ unreadOnly: true })).toEqual(['a'])
    expect(ids({ status: 'done', days: '30' })).toEqual([])
    expect(servicesIn(list)).toEqual(['curtains', 'blinds'])
  })

  it('names the file by the day', () => {
    expect(csvFilename(new Date('2026-11-23T22:00:00Z'))).toBe('messages-2026-11-23.csv')
  })
})
