// The weekly opening hours (contact_info.opening_hours) and their three printed forms:
// for people ("Mon–Fri 9:00–18:00, Sat 10:00–16:00": consecutive days with the same hours
// grouped), schema.org's openingHours text ("Mo-Fr 09:00-18:00, Sa 10:00-16:00") and
// schema.org's openingHoursSpecification (one entry per open span).
import type { ContactInfo } from '@/features/site/types'
import { hoursTexts as texts } from './hours-texts'

export const dayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const
export type DayName = (typeof dayNames)[number]

/** One stretch of the day the business is open, 24-hour "HH:MM" times. */
export interface TimeSpan {
  opens: string
  closes: string
}

export interface DayHours {
  day: DayName
  open: boolean
  /** In the order the owner typed them, e.g. 9:00–12:30 then 14:00–18:00. */
  spans: TimeSpan[]
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
  return { day: name, open, spans: [{ opens, closes }] }
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

/**
 * A time as typed ("9:00", "09:00", "9", "0900", "14.30") in the stored form "09:00", or
 * null when it is not a time of day. The admin and the site both write 24-hour times.
 */
export function normalizeTime(value: string): string | null {
  const match = /^\s*(\d{1,2})(?:[:.h]?(\d{2}))?\s*$/.exec(value)
  if (!match) return null
  const hours = Number(match[1])
  const minutes = Number(match[2] ?? '0')
  if (hours > 23 || minutes > 59) return null
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`
}

function parseSpan(value: unknown): TimeSpan | null {
  if (!value || typeof value !== 'object') return null
  const { opens, closes } = value as Record<string, unknown>
  return typeof opens === 'string' && typeof closes === 'string' && isTime(opens) && isTime(closes) ? { opens, closes } : null
}

/** Stored spans, or null when one is malformed. */
export function parseSpans(value: unknown): TimeSpan[] | null {
  if (!Array.isArray(value)) return null
  const spans = value.map(parseSpan)
  return spans.every((span) => span !== null) ? (spans as TimeSpan[]) : null
}

/**
 * The week in a stored value, or null when it is not one (absent, or not seven
 * well-formed days). A day saved before days had several spans ({open, opens, closes})
 * reads as one span.
 */
export function parseWeek(value: unknown): Week | null {
  if (!Array.isArray(value) || value.length !== 7) return null
  const week = value.map((entry, i): DayHours | null => {
    if (!entry || typeof entry !== 'object') return null
    const { open, opens, closes, spans } = entry as Record<string, unknown>
    if (typeof open !== 'boolean') return null
    if (spans !== undefined) {
      const parsed = parseSpans(spans)
      if (!parsed || (open && parsed.length === 0)) return null
      return { day: dayNames[i], open, spans: parsed }
    }
    if (typeof opens !== 'string' || typeof closes !== 'string') return null
    if (open && (!isTime(opens) || !isTime(closes))) return null
    return { day: dayNames[i], open, spans: open ? [{ opens, closes }] : [] }
  })
  return week.every((entry) => entry !== null) ? (week as Week) : null
}

/** The first problem with spans as typed (`label` names the day or date), or null. */
export function spansProblem(label: string, spans: TimeSpan[]): string | null {
  if (spans.length === 0) return `${label}: ${texts.noSpans}`
  let previousClose = ''
  for (const span of spans) {
    const opens = normalizeTime(span.opens)
    const closes = normalizeTime(span.closes)
    if (!opens || !closes) return `${label}: ${texts.badTime}`
    if (closes <= opens) return `${label}: ${texts.closesBeforeOpens}`
    if (previousClose && opens < previousClose) return `${label}: ${texts.overlap}`
    previousClose = closes
  }
  return null
}

/** The first problem with a week as typed in the form, or null. */
export function weekProblem(week: Week): string | null {
  for (const entry of week) {
    if (!entry.open) continue
    const problem = spansProblem(entry.day, entry.spans)
    if (problem) return problem
  }
  return null
}

/** Spans as typed in their stored form (times "HH:MM"); call after spansProblem found none. */
export function normalizeSpans(spans: TimeSpan[]): TimeSpan[] {
  return spans.map((span) => ({ opens: normalizeTime(span.opens) ?? span.opens, closes: normalizeTime(span.closes) ?? span.closes }))
}

/** The week as stored: normalised times, no spans on closed days. */
export function normalizeWeek(week: Week): Week {
  return week.map((entry) => ({ day: entry.day, open: entry.open, spans: entry.open ? normalizeSpans(entry.spans) : [] }))
}

const spansKey = (spans: TimeSpan[]) => spans.map((span) => `${span.opens}-${span.closes}`).join(',')

interface Run {
  first: DayName
  last: DayName
  spans: TimeSpan[]
}

/** Consecutive open days with the same spans, in week order. */
function runs(week: Week): Run[] {
  const result: Run[] = []
  let previousOpen = false
  for (const entry of normalizeWeek(week)) {
    const last = result[result.length - 1]
    if (entry.open && previousOpen && last && spansKey(last.spans) === spansKey(entry.spans)) {
      last.last = entry.day
    } else if (entry.open) {
      result.push({ first: entry.day, last: entry.day, spans: entry.spans })
    }
    previousOpen = entry.open
  }
  return result
}

/** "09:00" as people write it: "9:00". The admin's time fields show the same. */
export function humanTime(time: string): string {
  return (normalizeTime(time) ?? time).replace(/^0(\d)/, '$1')
}

/** "9:00–12:30 & 14:00–18:00". */
export function formatSpans(spans: TimeSpan[]): string {
  return spans.map((span) => `${humanTime(span.opens)}–${humanTime(span.closes)}`).join(' & ')
}

/** "Mon–Fri 9:00–18:00, Sat 10:00–16:00"; "Closed" when no day is open. */
export function formatWeek(week: Week): string {
  const parts = runs(week).map((run) => {
    const days = run.first === run.last ? shortNames[run.first] : `${shortNames[run.first]}–${shortNames[run.last]}`
    return `${days} ${formatSpans(run.spans)}`
  })
  return parts.length > 0 ? parts.join(', ') : texts.closed
}

/** schema.org's openingHours text: "Mo-Fr 09:00-12:30,14:00-18:00, Sa 10:00-16:00" (empty when always closed). */
export function schemaOpeningHours(week: Week): string {
  return runs(week)
    .map((run) => {
      const days = run.first === run.last ? schemaNames[run.first] : `${schemaNames[run.first]}-${schemaNames[run.last]}`
      return `${days} ${run.spans.map((span) => `${span.opens}-${span.closes}`).join(',')}`
    })
    .join(', ')
}

export interface OpeningHoursSpecification {
  '@type': 'OpeningHoursSpecification'
  dayOfWeek?: string
  opens: string
  closes: string
  validFrom?: string
  validThrough?: string
  description?: string
}

/** schema.org's openingHoursSpecification: one entry per open span of each day. */
export function openingHoursSpecification(week: Week): OpeningHoursSpecification[] {
  return normalizeWeek(week)
    .filter((entry) => entry.open)
    .flatMap((entry) =>
      entry.spans.map((span) => ({
        '@type': 'OpeningHoursSpecification' as const,
        dayOfWeek: `https://schema.org/${entry.day}`,
        opens: span.opens,
        closes: span.closes,
      })),
    )
}

/** The opening hours as the public site shows them. */
export function hoursText(info: ContactInfo | null | undefined): string {
  const week = parseWeek(info?.opening_hours)
  if (week) return formatWeek(week)
  // A free text an older install holds (anything but the default) is shown as written.
  const legacy = info?.business_hours?.trim()
  if (legacy && legacy !== schemaOpeningHours(defaultWeek)) return legacy
  return formatWeek(defaultWeek)
}
