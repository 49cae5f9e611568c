import { describe, expect, it } from 'vitest'
import {
  dayNames,
  defaultWeek,
  formatWeek,
  humanTime,
  normalizeTime,
  normalizeWeek,
  openingHoursSpecification,
  parseWeek,
  schemaOpeningHours,
  weekProblem,
  type Week,
} from './opening-hours'

function week(spec: Record<string, [string, string] | null>): Week {
  return dayNames.map((day) => {
    const hours = spec[day]
    return hours ? { day, open: true, spans: [{ opens: hours[0], closes: hours[1] }] } : { day, open: false, spans: [] }
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
    expect(parseWeek(defaultWeek.map((d) => ({ ...d, spans: [{ opens: '9am', closes: '18:00' }] })))).toBeNull()
    expect(parseWeek(defaultWeek.map((d) => ({ ...d, open: true, spans: [] })))).toBeNull()
    expect(parseWeek(defaultWeek.map((d) => ({ ...d, open: 'yes' })))).toBeNull()
  })

  it('names the first day whose times are missing or backwards', () => {
    expect(weekProblem(defaultWeek)).toBeNull()
    expect(weekProblem(week({ Tuesday: ['18:00', '09:00'] }))).toBe('Tuesday: closing time must be after opening time.')
    expect(weekProblem(week({ Friday: ['', '09:00'] }))).toBe(
      'Friday: enter opening and closing times as 24-hour times, e.g. 9:00 or 17:30.',
    )
  })

  it('reads a day saved before days had spans as one span', () => {
    const old = defaultWeek.map((d) => ({
      day: d.day,
      open: d.open,
      opens: d.spans[0]?.opens ?? '09:00',
      closes: d.spans[0]?.closes ?? '18:00',
    }))
    const parsed = parseWeek(old)
    expect(parsed?.[0].spans).toEqual([{ opens: '09:00', closes: '18:00' }])
    expect(parsed?.[6]).toEqual({ day: 'Sunday', open: false, spans: [] })
    expect(formatWeek(parsed ?? [])).toBe('Mon–Fri 9:00–18:00, Sat 10:00–16:00')
  })

  it('refuses overlapping spans and a day open without any', () => {
    const lunch = week({ Monday: ['09:00', '13:00'] })
    lunch[0].spans.push({ opens: '12:00', closes: '18:00' })
    expect(weekProblem(lunch)).toBe('Monday: the times overlap; list them from morning to evening.')
    const none = week({})
    none[2] = { day: 'Wednesday', open: true, spans: [] }
    expect(weekProblem(none)).toBe('Wednesday: add opening hours or mark the day closed.')
  })
})

describe('several spans a day', () => {
  const lunch = (): Week =>
    dayNames.map((day, i) =>
      i < 5
        ? {
            day,
            open: true,
            spans: [
              { opens: '9:00', closes: '12:30' },
              { opens: '14:00', closes: '18:00' },
            ],
          }
        : { day, open: false, spans: [] },
    )

  it('prints them joined, groups equal days, and writes each as its own specification', () => {
    expect(formatWeek(lunch())).toBe('Mon–Fri 9:00–12:30 & 14:00–18:00')
    expect(schemaOpeningHours(lunch())).toBe('Mo-Fr 09:00-12:30,14:00-18:00')
    const spec = openingHoursSpecification(lunch())
    expect(spec).toHaveLength(10)
    expect(spec[1]).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Monday',
      opens: '14:00',
      closes: '18:00',
    })
  })

  it('stores times as typed in 24-hour form', () => {
    expect(normalizeWeek(lunch())[0].spans).toEqual([
      { opens: '09:00', closes: '12:30' },
      { opens: '14:00', closes: '18:00' },
    ])
    expect(normalizeWeek(lunch())[6].spans).toEqual([])
  })
})

describe('normalizeTime and humanTime (one format in the admin and on the site)', () => {
  it('reads what people type', () => {
    expect(normalizeTime('9:00')).toBe('09:00')
    expect(normalizeTime('9')).toBe('09:00')
    expect(normalizeTime('1730')).toBe('17:30')
    expect(normalizeTime('14.30')).toBe('14:30')
    expect(normalizeTime('24:00')).toBeNull()
    expect(normalizeTime('9:60')).toBeNull()
    expect(normalizeTime('9am')).toBeNull()
    expect(humanTime('09:00')).toBe('9:00')
    expect(humanTime('17:30')).toBe('17:30')
  })
})
