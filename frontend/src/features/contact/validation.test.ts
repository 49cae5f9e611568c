import { describe, expect, it } from 'vitest'
import type { ContactFormValues } from './types'
import { retryAfter } from './api/submit-contact-message'
import {
  contactFieldErrors,
  emptyContactForm,
  invalidContactFields,
  rateLimitText,
  serviceChoices,
  toContactMessage,
  validateContactForm,
} from './validation'

const valid: ContactFormValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '',
  serviceNeeded: '',
  message: 'Curtains for the study, please.',
}

describe('validateContactForm', () => {
  it('accepts a complete form', () => {
    expect(validateContactForm(valid)).toBeNull()
  })

  it.each(['firstName', 'lastName', 'email', 'message'] as const)('asks for every required field when %s is missing or blank', (field) => {
    expect(validateContactForm({ ...valid, [field]: '' })).toBe('Please fill in all required fields.')
    expect(validateContactForm({ ...valid, [field]: ' \t\n ' })).toBe('Please fill in all required fields.')
  })

  it('does not require phone or service', () => {
    expect(validateContactForm({ ...valid, phone: '', serviceNeeded: '' })).toBeNull()
  })

  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada @example.com', 'ada@exa mple.com', 'a@b@c.com'])(
    'rejects the email %j',
    (email) => {
      expect(validateContactForm({ ...valid, email })).toBe('Please enter a valid email address.')
    },
  )

  it.each(['a@b.co', 'First.Last+tag@Sub.Example.org', '  ada@example.com  '])('accepts the email %j', (email) => {
    expect(validateContactForm({ ...valid, email })).toBeNull()
  })

  it('refuses a message over 2000 characters, and takes exactly 2000', () => {
    expect(validateContactForm({ ...valid, message: 'x'.repeat(2001) })).toBe('Message is too long. Please keep it under 2000 characters.')
    expect(validateContactForm({ ...valid, message: 'x'.repeat(2000) })).toBeNull()
    expect(validateContactForm({ ...valid, message: `  ${'x'.repeat(2000)}  ` })).toBeNull()
  })

  it('checks in the spec order: required, then email, then length', () => {
    const everythingWrong = { ...valid, lastName: '', email: 'nope', message: 'x'.repeat(3000) }
    expect(validateContactForm(everythingWrong)).toBe('Please fill in all required fields.')
    expect(validateContactForm({ ...everythingWrong, lastName: 'L' })).toBe('Please enter a valid email address.')
    expect(validateContactForm({ ...everythingWrong, lastName: 'L', email: 'a@b.co' })).toBe(
      'Message is too long. Please keep it under 2000 characters.',
    )
  })

  it('treats the empty form as missing fields', () => {
    expect(validateContactForm(emptyContactForm)).toBe('Please fill in all required fields.')
  })
})

describe('toContactMessage', () => {
  it('trims every field, lower-cases the email and sends empty optionals as null', () => {
    expect(
      toContactMessage({
        firstName: '  Ada ',
        lastName: ' Lovelace\n',
        email: '  Ada.Lovelace@Example.COM ',
        phone: '   ',
        serviceNeeded: '',
        message: '\n Hello there \n',
      }),
    ).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada.lovelace@example.com',
      phone: null,
      service_needed: null,
      message: 'Hello there',
    })
  })

  it('truncates to 50/50/100/20/50/2000 characters', () => {
    const row = toContactMessage({
      firstName: 'f'.repeat(80),
      lastName: 'l'.repeat(80),
      email: `${'E'.repeat(120)}@example.com`,
      phone: '1'.repeat(30),
      serviceNeeded: 's'.repeat(70),
      message: 'm'.repeat(2500),
    })
    expect(row.first_name).toHaveLength(50)
    expect(row.last_name).toHaveLength(50)
    expect(row.email).toBe('e'.repeat(100))
    expect(row.phone).toHaveLength(20)
    expect(row.service_needed).toHaveLength(50)
    expect(row.message).toHaveLength(2000)
  })

  it('trims before truncating, so leading spaces do not eat the limit', () => {
    expect(toContactMessage({ ...valid, firstName: `${' '.repeat(10)}${'a'.repeat(50)}` }).first_name).toBe('a'.repeat(50))
  })

  it('keeps the chosen service and phone', () => {
    const row = toContactMessage({ ...valid, phone: ' +1 555 0100 ', serviceNeeded: 'furniture-covers' })
    expect(row.phone).toBe('+1 555 0100')
    expect(row.service_needed).toBe('furniture-covers')
  })
})

describe('invalidContactFields', () => {
  const ok = { ...valid }
  it('names the fields of the first broken rule, in the same order as the message', () => {
    expect(invalidContactFields(ok)).toEqual([])
    expect(invalidContactFields({ ...ok, firstName: ' ', message: '' })).toEqual(['firstName', 'message'])
    expect(invalidContactFields({ ...ok, email: 'ann@example' })).toEqual(['email'])
    expect(invalidContactFields({ ...ok, message: 'x'.repeat(2001) })).toEqual(['message'])
  })
})

describe('per-field errors, service choices and the rate-limit text', () => {
  it('gives every wrong field its own message', () => {
    expect(contactFieldErrors({ ...emptyContactForm, phone: '1' })).toEqual({
      firstName: 'Please enter your first name.',
      lastName: 'Please enter your last name.',
      email: 'Please enter your email address.',
      message: 'Please enter a message.',
    })
    expect(contactFieldErrors({ ...emptyContactForm, firstName: 'A', lastName: 'B', email: 'a@b', message: 'x'.repeat(2001) })).toEqual({
      email: 'Please enter a valid email address.',
      message: 'Message is too long. Please keep it under 2000 characters.',
    })
  })

  it('offers the services by title, each once, then Other', () => {
    expect(
      serviceChoices([{ title: 'Custom Curtains' }, { title: ' Re-upholstery ' }, { title: 'Custom Curtains' }, { title: 'Other' }]),
    ).toEqual(['Custom Curtains', 'Re-upholstery', 'Other'])
    expect(serviceChoices(undefined)).toEqual(['Other'])
    expect(serviceChoices([{ title: 'x'.repeat(60) }])[0]).toHaveLength(50)
  })

  it('says how long to wait, in minutes rounded up, and the phone when there is one', () => {
    expect(rateLimitText(540, '+44 20 7946 0958')).toBe('Too many messages. Try again in 9 minutes. Or call us on +44 20 7946 0958.')
    expect(rateLimitText(30, null)).toBe('Too many messages. Try again in 1 minute.')
    expect(rateLimitText(undefined, ' ')).toBe('Too many messages. Please try again later.')
    expect(retryAfter('Retry after 541 seconds.')).toBe(541)
    expect(retryAfter(null)).toBeUndefined()
  })
})
