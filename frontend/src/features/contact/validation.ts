// The contact form's rules: which message shows, in which order, and how the
// values are cleaned before they are sent.
import { contactFormTexts } from '@/config/contact-form'
import { limits } from '@/config/site'
import type { ContactFormValues, ContactMessageInsert } from './types'

export const emptyContactForm: ContactFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  serviceNeeded: '',
  message: '',
}

/** Something, an @, something, a dot, something; no spaces. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * The first rule the values break, as the message to show, or null when they may be sent.
 * Order: required fields, then the email's shape, then the message's length.
 */
export function validateContactForm(values: ContactFormValues): string | null {
  const { errors } = contactFormTexts
  const firstName = values.firstName.trim()
  const lastName = values.lastName.trim()
  const email = values.email.trim()
  const message = values.message.trim()
  if (!firstName || !lastName || !email || !message) return errors.required
  if (!emailPattern.test(email)) return errors.email
  if (message.length > limits.contact.message) return errors.messageTooLong
  return null
}

/** The fields the first broken rule is about (same order as validateContactForm), for aria-invalid. */
export function invalidContactFields(values: ContactFormValues): (keyof ContactFormValues)[] {
  const required = (['firstName', 'lastName', 'email', 'message'] as const).filter((name) => !values[name].trim())
  if (required.length > 0) return required
  if (!emailPattern.test(values.email.trim())) return ['email']
  if (values.message.trim().length > limits.contact.message) return ['message']
  return []
}

export type ContactFieldErrors = Partial<Record<keyof ContactFormValues, string>>

/** Every field's problem, each with the message shown under it (empty when none). */
export function contactFieldErrors(values: ContactFormValues): ContactFieldErrors {
  const { fieldErrors: t } = contactFormTexts
  const errors: ContactFieldErrors = {}
  if (!values.firstName.trim()) errors.firstName = t.firstName
  if (!values.lastName.trim()) errors.lastName = t.lastName
  const email = values.email.trim()
  if (!email) errors.email = t.emailMissing
  else if (!emailPattern.test(email)) errors.email = t.email
  const message = values.message.trim()
  if (!message) errors.message = t.message
  else if (message.length > limits.contact.message) errors.message = t.messageTooLong
  return errors
}

/** The Service Needed choices: the business's services by title (each once), then Other. */
export function serviceChoices(services: readonly { title: string }[] | null | undefined): string[] {
  const titles = (services ?? []).map((service) => service.title.trim().slice(0, limits.contact.serviceNeeded)).filter(Boolean)
  const other = contactFormTexts.otherService
  return [...new Set(titles.filter((title) => title !== other)), other]
}

/** The rate-limit message: the wait when known (rounded up to minutes), and the phone number when set. */
export function rateLimitText(retryAfterSeconds: number | null | undefined, phone: string | null | undefined): string {
  const { errors } = contactFormTexts
  const wait = retryAfterSeconds && retryAfterSeconds > 0 ? errors.tooManyWait(Math.ceil(retryAfterSeconds / 60)) : errors.tooMany
  const number = phone?.trim()
  return number ? `${wait} ${errors.orCall(number)}` : wait
}

function clean(value: string, max: number): string {
  return value.trim().slice(0, max)
}

function optional(value: string, max: number): string | null {
  const cleaned = clean(value, max)
  return cleaned === '' ? null : cleaned
}

/** Trims and truncates every field, lower-cases the email; optional fields left empty are null. */
export function toContactMessage(values: ContactFormValues): ContactMessageInsert {
  const max = limits.contact
  return {
    first_name: clean(values.firstName, max.firstName),
    last_name: clean(values.lastName, max.lastName),
    email: values.email.trim().toLowerCase().slice(0, max.email),
    phone: optional(values.phone, max.phone),
    service_needed: optional(values.serviceNeeded, max.serviceNeeded),
    message: clean(values.message, max.message),
  }
}
