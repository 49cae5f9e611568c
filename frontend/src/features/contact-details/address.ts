// The business's address in parts (contact_info.address_*) and its one-line form
// (contact_info.address, which older rows hold alone): what the editor shows, what it
// writes, the map search link the site gives visitors and schema.org's PostalAddress.
import type { ContactInfo } from '@/features/site/types'

export interface AddressValues {
  street: string
  locality: string
  region: string
  postcode: string
  country: string
}

type AddressRow = Pick<
  ContactInfo,
  'address' | 'address_street' | 'address_locality' | 'address_region' | 'address_postcode' | 'address_country'
>

const text = (value: string | null | undefined) => value?.trim() ?? ''

function hasParts(info: Partial<AddressRow> | null | undefined): boolean {
  return Boolean(
    info &&
    [info.address_street, info.address_locality, info.address_region, info.address_postcode, info.address_country].some((v) => text(v)),
  )
}

/** The form's fields; a row with only the old one-line text puts it all in Street. */
export function addressValues(info: Partial<AddressRow> | null | undefined): AddressValues {
  if (!hasParts(info)) return { street: text(info?.address), locality: '', region: '', postcode: '', country: '' }
  return {
    street: text(info?.address_street),
    locality: text(info?.address_locality),
    region: text(info?.address_region),
    postcode: text(info?.address_postcode),
    country: text(info?.address_country),
  }
}

/** "12 Loom Lane, Bristol, Avon, BS1 4DJ, United Kingdom" (empty parts left out). */
export function addressLine(values: AddressValues): string {
  return [values.street, values.locality, values.region, values.postcode, values.country]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ')
}

/** The address to print: the stored line, else one built from the parts. */
export function displayAddress(info: Partial<AddressRow> | null | undefined): string {
  return text(info?.address) || addressLine(addressValues(info))
}

/** A map search for the address (opens the visitor's maps app on phones). */
export function mapsUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`
}

export interface PostalAddress {
  '@type': 'PostalAddress'
  streetAddress?: string
  addressLocality?: string
  addressRegion?: string
  postalCode?: string
  addressCountry?: string
}

/** schema.org's PostalAddress with the parts; an old one-line address stays in streetAddress. */
export function postalAddress(info: Partial<AddressRow> | null | undefined): PostalAddress | undefined {
  if (!hasParts(info)) {
    const line = text(info?.address)
    return line ? { '@type': 'PostalAddress', streetAddress: line } : undefined
  }
  const parts: PostalAddress = { '@type': 'PostalAddress' }
  const set = (key: Exclude<keyof PostalAddress, '@type'>, value: string | null | undefined) => {
    if (text(value)) parts[key] = text(value)
  }
  set('streetAddress', info?.address_street)
  set('addressLocality', info?.address_locality)
  set('addressRegion', info?.address_region)
  set('postalCode', info?.address_postcode)
  set('addressCountry', info?.address_country)
  return parts
}
