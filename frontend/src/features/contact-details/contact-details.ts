// The Contact Details form's values, checks and payload, what the public site shows for
// the hours, and which placeholders a contact_info row still holds (the setup checklist).
import type { ContactInfo } from '@/features/site/types'
import { addressLine, addressValues, type AddressValues } from './address'
import { defaultWeek, humanTime, normalizeWeek, parseWeek, schemaOpeningHours, weekProblem, type Week } from './opening-hours'
import { normalizeSpecialHours, parseSpecialHours, specialHoursProblem, type SpecialHours } from './special-hours'
import { contactDetailsTexts as t, placeholderDetails } from './texts'

export interface ContactDetailsValues extends AddressValues {
  phone: string
  email: string
  week: Week
  special: SpecialHours[]
  hoursNote: string
  facebook: string
  instagram: string
  linkedin: string
}

export type ContactDetailsErrors = Partial<Record<'email' | 'facebook' | 'instagram' | 'linkedin' | 'hours' | 'special', string>>

/** Stored times as the site prints them ("9:00"), so the form shows what visitors read. */
const asTyped = (week: Week): Week =>
  week.map((day) => ({ ...day, spans: day.spans.map((span) => ({ opens: humanTime(span.opens), closes: humanTime(span.closes) })) }))

export function contactDetailsValues(info: ContactInfo | null | undefined): ContactDetailsValues {
  return {
    phone: info?.phone ?? '',
    email: info?.email ?? '',
    ...addressValues(info),
    week: asTyped(parseWeek(info?.opening_hours) ?? defaultWeek),
    special: parseSpecialHours(info?.special_hours).map((entry) => ({
      ...entry,
      spans: entry.spans.map((span) => ({ opens: humanTime(span.opens), closes: humanTime(span.closes) })),
    })),
    hoursNote: info?.hours_note ?? '',
    facebook: info?.social_facebook ?? '',
    instagram: info?.social_instagram ?? '',
    linkedin: info?.social_linkedin ?? '',
  }
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const webAddress = /^https?:\/\/[^\s/]+\.[^\s]*$/i

export function contactDetailsErrors(values: ContactDetailsValues): ContactDetailsErrors {
  const errors: ContactDetailsErrors = {}
  if (values.email.trim() && !emailPattern.test(values.email.trim())) errors.email = t.errors.email
  for (const name of ['facebook', 'instagram', 'linkedin'] as const) {
    const url = values[name].trim()
    if (url && !webAddress.test(url)) errors[name] = t.errors.url
  }
  const hours = weekProblem(values.week)
  if (hours) errors.hours = hours
  const special = specialHoursProblem(values.special)
  if (special) errors.special = special
  return errors
}

export interface ContactDetailsPayload {
  phone: string | null
  email: string | null
  address: string | null
  address_street: string | null
  address_locality: string | null
  address_region: string | null
  address_postcode: string | null
  address_country: string | null
  opening_hours: Week
  special_hours: SpecialHours[]
  business_hours: string
  hours_note: string | null
  social_facebook: string | null
  social_instagram: string | null
  social_linkedin: string | null
  updated_at: string
}

const orNull = (value: string, max: number) => value.trim().slice(0, max) || null

export function buildContactDetailsPayload(values: ContactDetailsValues): ContactDetailsPayload {
  return {
    phone: orNull(values.phone, 40),
    email: orNull(values.email, 100)?.toLowerCase() ?? null,
    // The one-line form every older reader of `address` uses, written from the parts.
    address: orNull(addressLine(values), 300),
    address_street: orNull(values.street, 200),
    address_locality: orNull(values.locality, 100),
    address_region: orNull(values.region, 100),
    address_postcode: orNull(values.postcode, 20),
    address_country: orNull(values.country, 100),
    opening_hours: normalizeWeek(values.week),
    special_hours: normalizeSpecialHours(values.special),
    // The schema.org text form, kept beside the week for the served page's JSON-LD.
    business_hours: schemaOpeningHours(values.week),
    hours_note: orNull(values.hoursNote, 300),
    social_facebook: orNull(values.facebook, 300),
    social_instagram: orNull(values.instagram, 300),
    social_linkedin: orNull(values.linkedin, 300),
    updated_at: new Date().toISOString(),
  }
}

export type ChecklistItem = keyof typeof t.checklist

/** What the owner has still to replace: fields holding the shipped placeholder, and hours never set. */
export function pendingDetails(info: ContactInfo | null | undefined): ChecklistItem[] {
  if (!info) return []
  const pending: ChecklistItem[] = []
  if (info.phone === placeholderDetails.phone) pending.push('phone')
  if (info.email === placeholderDetails.email) pending.push('email')
  if (info.address === placeholderDetails.address) pending.push('address')
  if (info.opening_hours === null || info.opening_hours === undefined) pending.push('hours')
  if (
    info.social_facebook === placeholderDetails.social_facebook ||
    info.social_instagram === placeholderDetails.social_instagram ||
    info.social_linkedin === placeholderDetails.social_linkedin
  ) {
    pending.push('social')
  }
  return pending
}
