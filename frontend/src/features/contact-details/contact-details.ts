// The Contact Details form's values, checks and payload, what the public site shows for
// the hours, and which placeholders a contact_info row still holds (the setup checklist).
import type { ContactInfo } from '@/features/site/types'
import { defaultWeek, formatWeek, parseWeek, schemaOpeningHours, weekProblem, type Week } from './opening-hours'
import { contactDetailsTexts as t, placeholderDetails } from './texts'

export interface ContactDetailsValues {
  phone: string
  email: string
  address: string
  week: Week
  hoursNote: string
  facebook: string
  instagram: string
  linkedin: string
}

export type ContactDetailsErrors = Partial<Record<'email' | 'facebook' | 'instagram' | 'linkedin' | 'hours', string>>

export function contactDetailsValues(info: ContactInfo | null | undefined): ContactDetailsValues {
  return {
    phone: info?.phone ?? '',
    email: info?.email ?? '',
    address: info?.address ?? '',
    week: (parseWeek(info?.opening_hours) ?? defaultWeek).map((day) => ({ ...day })),
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
  return errors
}

export interface ContactDetailsPayload {
  phone: string | null
  email: string | null
  address: string | null
  opening_hours: Week
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
    address: orNull(values.address, 300),
    opening_hours: values.week,
    // The schema.org text form, kept beside the week for the served page's JSON-LD.
    business_hours: schemaOpeningHours(values.week),
    hours_note: orNull(values.hoursNote, 300),
    social_facebook: orNull(values.facebook, 300),
    social_instagram: orNull(values.instagram, 300),
    social_linkedin: orNull(values.linkedin, 300),
    updated_at: new Date().toISOString(),
  }
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
