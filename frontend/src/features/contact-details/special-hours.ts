// Dated exceptions to the week (contact_info.special_hours): a holiday closed, or a day
// or range of days with its own hours, with an optional note. The site lists the
// upcoming ones; search engines get them as openingHoursSpecification with validFrom
// and validThrough.
import { formatSpans, normalizeSpans, parseSpans, spansProblem, type OpeningHoursSpecification, type TimeSpan } from './opening-hours'
import { hoursTexts as texts } from './hours-texts'

export interface SpecialHours {
  /** First and last day, "YYYY-MM-DD" (the same for one day). */
  from: string
  to: string
  closed: boolean
  spans: TimeSpan[]
  note: string
}

export const maxSpecialHours = 60

const datePattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

export function isDate(value: string): boolean {
  return datePattern.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
}

/** The stored list, skipping entries that are not well formed; [] when absent. */
export function parseSpecialHours(value: unknown): SpecialHours[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((entry): SpecialHours[] => {
    if (!entry || typeof entry !== 'object') return []
    const { from, to, closed, spans, note } = entry as Record<string, unknown>
    if (typeof from !== 'string' || !isDate(from) || typeof closed !== 'boolean') return []
    const last = typeof to === 'string' && isDate(to) && to >= from ? to : from
    const parsed = parseSpans(spans ?? [])
    if (!parsed || (!closed && parsed.length === 0)) return []
    return [{ from, to: last, closed, spans: closed ? [] : parsed, note: typeof note === 'string' ? note : '' }]
  })
}

/** The label a problem names: "24 Dec 2026" style is left to the site; the admin shows the ISO date. */
function label(entry: SpecialHours): string {
  return entry.to && entry.to !== entry.from ? `${entry.from} – ${entry.to}` : entry.from || '?'
}

/** The first problem with the list as typed, or null. */
export function specialHoursProblem(list: SpecialHours[]): string | null {
  if (list.length > maxSpecialHours) return texts.tooManySpecial
  for (const entry of list) {
    if (!isDate(entry.from) || (entry.to && !isDate(entry.to))) return `${label(entry)}: ${texts.badDate}`
    if (entry.to && entry.to < entry.from) return `${label(entry)}: ${texts.dateOrder}`
    if (!entry.closed) {
      const problem = spansProblem(label(entry), entry.spans)
      if (problem) return problem
    }
  }
  return null
}

/** The list as stored: sorted by date, normalised times, the last day filled in. */
export function normalizeSpecialHours(list: SpecialHours[]): SpecialHours[] {
  return list
    .map((entry) => ({
      from: entry.from,
      to: entry.to || entry.from,
      closed: entry.closed,
      spans: entry.closed ? [] : normalizeSpans(entry.spans),
      note: entry.note.trim().slice(0, 200),
    }))
    .sort((a, b) => a.from.localeCompare(b.from))
}

/** Entries not yet over on `today` ("YYYY-MM-DD"), soonest first. */
export function upcomingSpecialHours(list: SpecialHours[], today: string, limit = 6): SpecialHours[] {
  return normalizeSpecialHours(list)
    .filter((entry) => entry.to >= today)
    .slice(0, limit)
}

/** Today's date where the visitor is, "YYYY-MM-DD". */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** "24 Dec 2026" or "24 Dec 2026 – 26 Dec 2026" in the site's language. */
export function formatDates(entry: SpecialHours, language = 'en'): string {
  const format = (date: string) => {
    try {
      return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${date}T00:00:00Z`),
      )
    } catch {
      return date
    }
  }
  return entry.to && entry.to !== entry.from ? `${format(entry.from)} – ${format(entry.to)}` : format(entry.from)
}

/** "Closed" or "10:00–13:00" for the site. */
export function formatSpecialHours(entry: SpecialHours): string {
  return entry.closed ? texts.closed : formatSpans(entry.spans)
}

/**
 * schema.org: one entry per span with validFrom/validThrough; a closed date is opens and
 * closes at 00:00, as search engines read it.
 */
export function specialHoursSpecification(list: SpecialHours[]): OpeningHoursSpecification[] {
  return normalizeSpecialHours(list).flatMap((entry) => {
    const base = { '@type': 'OpeningHoursSpecification' as const, validFrom: entry.from, validThrough: entry.to }
    const described = entry.note ? { description: entry.note } : {}
    if (entry.closed) return [{ ...base, opens: '00:00', closes: '00:00', ...described }]
    return entry.spans.map((span) => ({ ...base, opens: span.opens, closes: span.closes, ...described }))
  })
}
