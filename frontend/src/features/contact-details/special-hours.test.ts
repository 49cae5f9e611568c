import { describe, expect, it } from 'vitest'
import {
  formatDates,
  formatSpecialHours,
  normalizeSpecialHours,
  parseSpecialHours,
  specialHoursProblem,
  specialHoursSpecification,
  upcomingSpecialHours,
  type SpecialHours,
} from './special-hours'

const christmas: SpecialHours = { from: '2026-12-24', to: '2026-12-26', closed: true, spans: [], note: 'Christmas' }
const newYearsEve: SpecialHours = {
  from: '2026-12-31',
  to: '2026-12-31',
  closed: false,
  spans: [{ opens: '10:00', closes: '13:00' }],
  note: '',
}
const past: SpecialHours = { from: '2026-01-01', to: '2026-01-01', closed: true, spans: [], note: '' }

describe('special hours', () => {
  it('reads stored entries and skips malformed ones', () => {
    expect(parseSpecialHours(null)).toEqual([])
    expect(parseSpecialHours([christmas, { from: 'soon', closed: true }, { from: '2026-05-01', closed: false, spans: [] }])).toEqual([
      christmas,
    ])
    expect(parseSpecialHours([{ from: '2026-05-01', closed: true }])).toEqual([
      { from: '2026-05-01', to: '2026-05-01', closed: true, spans: [], note: '' },
    ])
  })

  it('lists the entries not yet over, soonest first', () => {
    expect(upcomingSpecialHours([newYearsEve, past, christmas], '2026-12-25')).toEqual([christmas, newYearsEve])
    expect(upcomingSpecialHours([newYearsEve, christmas], '2027-01-01')).toEqual([])
  })

  it('prints dates and hours for people', () => {
    expect(formatDates(christmas, 'en-GB')).toBe('24 Dec 2026 – 26 Dec 2026')
    expect(formatDates(newYearsEve, 'en-GB')).toBe('31 Dec 2026')
    expect(formatSpecialHours(christmas)).toBe('Closed')
    expect(formatSpecialHours(newYearsEve)).toBe('10:00–13:00')
  })

  it('writes schema.org specifications with validFrom and validThrough (closed: 00:00–00:00)', () => {
    expect(specialHoursSpecification([newYearsEve, christmas])).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        validFrom: '2026-12-24',
        validThrough: '2026-12-26',
        opens: '00:00',
        closes: '00:00',
        description: 'Christmas',
      },
      { '@type': 'OpeningHoursSpecification', validFrom: '2026-12-31', validThrough: '2026-12-31', opens: '10:00', closes: '13:00' },
    ])
  })

  it('checks dates, their order and the hours', () => {
    expect(specialHoursProblem([christmas, newYearsEve])).toBeNull()
    expect(specialHoursProblem([{ ...christmas, to: '2026-12-20' }])).toBe(
      '2026-12-24 – 2026-12-20: the last day must not be before the first.',
    )
    expect(specialHoursProblem([{ ...newYearsEve, spans: [] }])).toBe('2026-12-31: add opening hours or mark the day closed.')
    expect(specialHoursProblem(Array.from({ length: 61 }, () => christmas))).toBe('at most 60 special dates.')
  })

  it('stores them sorted, with the last day filled in and 24-hour times', () => {
    expect(normalizeSpecialHours([{ ...newYearsEve, to: '', spans: [{ opens: '9:30', closes: '13:00' }] }, christmas])).toEqual([
      christmas,
      { ...newYearsEve, spans: [{ opens: '09:30', closes: '13:00' }] },
    ])
  })
})
