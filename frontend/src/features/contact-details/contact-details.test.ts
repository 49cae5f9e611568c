import { describe, expect, it } from 'vitest'
import type { ContactInfo } from '@/features/site/types'
import { buildContactDetailsPayload, contactDetailsErrors, contactDetailsValues, pendingDetails } from './contact-details'
import { defaultWeek, hoursText } from './opening-hours'
import { placeholderDetails } from './texts'

const fresh: ContactInfo = {
  id: '1',
  ...placeholderDetails,
  business_hours: 'Mo-Fr 09:00-18:00, Sa 10:00-16:00',
  opening_hours: null,
  hours_note: null,
}

describe('contact details', () => {
  it('lists every placeholder of a fresh install, and nothing once replaced', () => {
    expect(pendingDetails(fresh)).toEqual(['phone', 'email', 'address', 'hours', 'social'])
    const done = {
      ...buildContactDetailsPayload({
        ...contactDetailsValues(fresh),
        phone: '+44 20 7946 0000',
        email: 'a@b.co',
        street: '1 Real Road',
        facebook: '',
        instagram: '',
        linkedin: '',
      }),
      id: '1',
    }
    expect(pendingDetails(done)).toEqual([])
  })

  it('shows the default week until hours are set, and a legacy free text as written', () => {
    expect(hoursText(fresh)).toBe('Mon–Fri 9:00–18:00, Sat 10:00–16:00')
    expect(hoursText({ ...fresh, business_hours: 'By appointment' })).toBe('By appointment')
    const week = defaultWeek.map((d) => ({ ...d, open: d.day === 'Sunday', spans: [{ opens: '11:00', closes: '15:00' }] }))
    expect(hoursText({ ...fresh, opening_hours: week })).toBe('Sun 11:00–15:00')
  })

  it('refuses a bad email, a social link that is not a web address and backwards hours', () => {
    const values = contactDetailsValues(fresh)
    expect(contactDetailsErrors(values)).toEqual({})
    const bad = {
      ...values,
      email: 'nope',
      instagram: 'instagram.com/me',
      week: values.week.map((d, i) => (i === 0 ? { ...d, spans: [{ opens: '9:00', closes: '08:00' }] } : d)),
    }
    expect(Object.keys(contactDetailsErrors(bad))).toEqual(['email', 'instagram', 'hours'])
  })

  it('saves trimmed values, the week and its schema.org text', () => {
    const payload = buildContactDetailsPayload({ ...contactDetailsValues(fresh), email: ' Hi@Shop.Example ', linkedin: '  ' })
    expect(payload.email).toBe('hi@shop.example')
    expect(payload.social_linkedin).toBeNull()
    expect(payload.business_hours).toBe('Mo-Fr 09:00-18:00, Sa 10:00-16:00')
    expect(payload.opening_hours).toHaveLength(7)
    expect(payload.opening_hours[0].spans).toEqual([{ opens: '09:00', closes: '18:00' }])
  })

  it('shows stored times as the site prints them, and an old one-line address in Street', () => {
    const values = contactDetailsValues(fresh)
    expect(values.week[0].spans).toEqual([{ opens: '9:00', closes: '18:00' }])
    expect(values.street).toBe(placeholderDetails.address)
    expect(buildContactDetailsPayload(values).address).toBe(placeholderDetails.address)
  })

  it('writes the address parts and the one-line form from them', () => {
    const payload = buildContactDetailsPayload({
      ...contactDetailsValues(fresh),
      street: '12 Loom Lane ',
      locality: 'Bristol',
      region: '',
      postcode: 'BS1 4DJ',
      country: 'United Kingdom',
    })
    expect(payload.address).toBe('12 Loom Lane, Bristol, BS1 4DJ, United Kingdom')
    expect(payload.address_street).toBe('12 Loom Lane')
    expect(payload.address_region).toBeNull()
  })

  it('refuses a special date without a date or with backwards hours', () => {
    const values = contactDetailsValues(fresh)
    const bad = { ...values, special: [{ from: '', to: '', closed: true, spans: [], note: '' }] }
    expect(contactDetailsErrors(bad).special).toBe('?: enter the dates as day, month and year.')
    const backwards = {
      ...values,
      special: [{ from: '2026-12-31', to: '', closed: false, spans: [{ opens: '13:00', closes: '10:00' }], note: '' }],
    }
    expect(contactDetailsErrors(backwards).special).toBe('2026-12-31: closing time must be after opening time.')
  })
})
