import { describe, expect, it } from 'vitest'
import { addressLine, addressValues, displayAddress, mapsUrl, postalAddress } from './address'

const parts = {
  address: '12 Loom Lane, Bristol, BS1 4DJ, United Kingdom',
  address_street: '12 Loom Lane',
  address_locality: 'Bristol',
  address_region: null,
  address_postcode: 'BS1 4DJ',
  address_country: 'United Kingdom',
}

describe('address', () => {
  it('builds the one-line form from the parts, leaving empty ones out', () => {
    expect(addressLine(addressValues(parts))).toBe('12 Loom Lane, Bristol, BS1 4DJ, United Kingdom')
  })

  it('keeps an old one-line address usable', () => {
    const old = { address: '48 Weaver Street, Portland' }
    expect(addressValues(old).street).toBe('48 Weaver Street, Portland')
    expect(displayAddress(old)).toBe('48 Weaver Street, Portland')
    expect(postalAddress(old)).toEqual({ '@type': 'PostalAddress', streetAddress: '48 Weaver Street, Portland' })
    expect(postalAddress({ address: ' ' })).toBeUndefined()
  })

  it('gives schema.org the parts', () => {
    expect(postalAddress(parts)).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '12 Loom Lane',
      addressLocality: 'Bristol',
      postalCode: 'BS1 4DJ',
      addressCountry: 'United Kingdom',
    })
  })

  it('links to a map search for the address', () => {
    expect(mapsUrl('12 Loom Lane, Bristol & Co')).toBe(
      'https://www.google.com/maps/search/?api=1&query=12%20Loom%20Lane%2C%20Bristol%20%26%20Co',
    )
  })
})
