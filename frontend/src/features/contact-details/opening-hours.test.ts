import { describe, expect, it } from 'vitest'
import {
  dayNames,
  defaultWeek,
  formatWeek,
  openingHoursSpecification,
  parseWeek,
  schemaOpeningHours,
  weekProblem,
  type Week,
} from './opening-hours'

function week(spec: Record<string, [string, string] | null>): Week {
  return dayNames.map((day) => {
    const hours = spec[day]
    return hours ? { day, open: true, opens: hours[0], closes: hours[1] } : { day, open: false, opens: '09:00', closes: '18:00' }
  })
}

describe('formatWeek (for people)', () => {
  it('groups consecutive days with equal hours', () => {
    expect(formatWeek(defaultWeek)).toBe('Mon–Fri 9:00–18:00, Sat 10:00–16:00')
  })

  it('does not group days a closed day separates, nor days with other hours', () => {
    const w = week({
      Monday: ['09:00', '17:00'],
      Tuesday: ['09:00', '17:00'],
      Thursday: ['09:00', '17:00'],
      Friday: ['08:30', '20:00'],
      Sunday: ['11:00', '15:00'],
    })
    expect(formatWeek(w)).toBe('Mon–Tue 9:00–17:00, Thu 9:00–17:00, Fri 8:30–20:00, Sun 11:00–15:00')
  })

  it('says Closed when no day is open, and keeps two-digit hours', () => {
    expect(formatWeek(week({}))).toBe('Closed')
    expect(formatWeek(week({ Saturday: ['10:00', '22:30'], Sunday: ['10:00', '22:30'] }))).toBe('Sat–Sun 10:00–22:30')
  })
})

describe('schema.org forms', () => {
  it('writes the openingHours text of the spec default', () => {
    expect(schemaOpeningHours(defaultWeek)).toBe('Mo-Fr 09:00-18:00, Sa 10:00-16:00')
    expect(schemaOpeningHours(week({ Wednesday: ['07:05', '12:00'] }))).toBe('We 07:05-12:00')
    expect(schemaOpeningHours(week({}))).toBe('')
  })

  it('lists one OpeningHoursSpecification per open day', () => {
    const spec = openingHoursSpecification(week({ Monday: ['09:00', '17:00'], Saturday: ['10:00', '16:00'] }))
    expect(spec).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '09:00', closes: '17:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Saturday', opens: '10:00', closes: '16:00' },
    ])
  })
})

describe('parseWeek and weekProblem', () => {
  it('reads a stored week and refuses anything else', () => {
    expect(parseWeek(JSON.parse(JSON.stringify(defaultWeek)))).toEqual(defaultWeek)
    expect(parseWeek(null)).toBeNull()
    expect(parseWeek(defaultWeek.slice(0, 6))).toBeNull()
    expect(parseWeek(defaultWeek.map((d) => ({ ...d, opens: '9am' })))).toBeNull()
    expect(parseWeek(defaultWeek.map((d) => ({ ...d, open: 'yes' })))).toBeNull()
  })

  it('names the first day whose times are missing or backwards', () => {
    expect(weekProblem(defaultWeek)).toBeNull()
    expect(weekProblem(week({ Tuesday: ['18:00', '09:00'] }))).toBe('Tuesday: closing time must be after opening time.')
    expect(weekProblem(week({ Friday: ['', '09:00'] }))).toBe('Friday: enter opening and closing times.')
  })
})
