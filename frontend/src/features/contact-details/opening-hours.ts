// The weekly opening hours (contact_info.opening_hours) and their three printed forms:
// for people ("Mon–Fri 9:00–18:00, Sat 10:00–16:00": consecutive days with the same hours
// grouped), schema.org's openingHours text ("Mo-Fr 09:00-18:00, Sa 10:00-16:00") and
// schema.org's openingHoursSpecification (one entry per open day).

export const dayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const
export type DayName = (typeof dayNames)[number]

export interface DayHours {
  day: DayName
  open: boolean
  /** 24-hour "HH:MM". */
  opens: string
  closes: string
}

export type Week = DayHours[]

const shortNames: Record<DayName, string> = {
  Monday: 'Mon',
  Tuesday: 'Tue',
  Wednesday: 'Wed',
  Thursday: 'Thu',
  Friday: 'Fri',
  Saturday: 'Sat',
  Sunday: 'Sun',
}

const schemaNames: Record<DayName, string> = {
  Monday: 'Mo',
  Tuesday: 'Tu',
  Wednesday: 'We',
  Thursday: 'Th',
  Friday: 'Fr',
  Saturday: 'Sa',
  Sunday: 'Su',
}

function day(name: DayName, open: boolean, opens = '09:00', closes = '18:00'): DayHours {
  return { day: name, open, opens, closes }
}

/** The spec's default hours (openingHours 'Mo-Fr 09:00-18:00, Sa 10:00-16:00'), shown until the owner sets theirs. */
export const defaultWeek: Week = [
  day('Monday', true),
  day('Tuesday', true),
  day('Wednesday', true),
  day('Thursday', true),
  day('Friday', true),
  day('Saturday', true, '10:00', '16:00'),
  day('Sunday', false),
]

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/

export function isTime(value: string): boolean {
  return timePattern.test(value)
}

/** The week in a stored value, or null when it is not one (absent, or not seven well-formed days). */
export function parseWeek(value: unknown): Week | null {
  if (!Array.isArray(value) || value.length !== 7) return null
  const week = value.map((entry, i): DayHours | null => {
    if (!entry || typeof entry !== 'object') return null
    const { open, opens, closes } = entry as Record<string, unknown>
    if (typeof open !== 'boolean' || typeof opens !== 'string' || typeof closes !== 'string') return null
    if (open && (!isTime(opens) || !isTime(closes))) return null
    return { day: dayNames[i], open, opens, closes }
  })
  return week.every((entry) => entry !== null) ? (week as Week) : null
}

/** The first problem with a week as typed in the form, or null. */
export function weekProblem(week: Week): string | null {
  for (const entry of week) {
    if (!entry.open) continue
    if (!isTime(entry.opens) || !isTime(entry.closes)) return `${entry.day}: enter opening and closing times.`
    if (entry.closes <= entry.opens) return `${entry.day}: closing time must be after opening time.`
  }
  return null
}

interface Run {
  first: DayName
  last: DayName
  opens: string
  closes: string
}

/** Consecutive open days with the same hours, in week order. */
function runs(week: Week): Run[] {
  const result: Run[] = []
  let previousOpen = false
  for (const entry of week) {
    const last = result[result.length - 1]
    if (entry.open && previousOpen && last && last.opens === entry.opens && last.closes === entry.closes) {
      last.last = entry.day
    } else if (entry.open) {
      result.push({ first: entry.day, last: entry.day, opens: entry.opens, closes: entry.closes })
    }
    previousOpen = entry.open
  }
  return result
}

/** "09:00" as people write it: "9:00". */
function humanTime(time: string): string {
  return time.replace(/^0(\d)/, '$1')
}

/** "Mon–Fri 9:00–18:00, Sat 10:00–16:00"; "Closed" when no day is open. */
export function formatWeek(week: Week): string {
  const parts = runs(week).map((run) => {
    const days = run.first === run.last ? shortNames[run.first] : `${shortNames[run.first]}–${shortNames[run.last]}`
    return `${days} ${humanTime(run.opens)}–${humanTime(run.closes)}`
  })
  return parts.length > 0 ? parts.join(', ') : 'Closed'
}

/** schema.org's openingHours text: "Mo-Fr 09:00-18:00, Sa 10:00-16:00" (empty when always closed). */
export function schemaOpeningHours(week: Week): string {
  return runs(week)
    .map((run) => {
      const days = run.first === run.last ? schemaNames[run.first] : `${schemaNames[run.first]}-${schemaNames[run.last]}`
      return `${days} ${run.opens}-${run.closes}`
    })
    .join(', ')
}

export interface OpeningHoursSpecification {
  '@type': 'OpeningHoursSpecification'
  dayOfWeek: string
  opens: string
  closes: string
}

/** schema.org's openingHoursSpecification: one entry per open day. */
export function openingHoursSpecification(week: Week): OpeningHoursSpecification[] {
  return week
    .filter((entry) => entry.open)
    .map((entry) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${entry.day}`,
      opens: entry.opens,
      closes: entry.closes,
    }))
}
