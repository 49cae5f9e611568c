import { describe, expect, it } from 'vitest'
import { buildJsonLd, serializeJsonLd } from './build-json-ld'

type Node = Record<string, unknown>

const origin = 'https://shop.example'

function graph(input: Partial<Parameters<typeof buildJsonLd>[0]> = {}): Node[] {
  const data = buildJsonLd({ origin, siteTitle: 'Pleat Interiors', description: 'Made to measure.', ...input })
  expect(data['@context']).toBe('https://schema.org')
  return data['@graph'] as Node[]
}

function ofType(nodes: Node[], type: string): Node[] {
  return nodes.filter((node) => node['@type'] === type)
}

describe('buildJsonLd', () => {
  it('describes the organization, local business, website and breadcrumbs', () => {
    const nodes = graph()
    expect(nodes.map((n) => n['@type'])).toEqual(['Organization', 'LocalBusiness', 'WebSite', 'BreadcrumbList'])
    expect(ofType(nodes, 'Organization')[0]).toMatchObject({ name: 'Pleat Interiors', url: 'https://shop.example/' })
  })

  it('gives the local business the default opening hours and price range', () => {
    const business = ofType(graph(), 'LocalBusiness')[0]
    expect(business.openingHours).toBe('Mo-Fr 09:00-18:00, Sa 10:00-16:00')
    expect(business.priceRange).toBe('$$')
    expect(business.openingHoursSpecification).toHaveLength(6)
  })

  it("writes the owner's week as openingHoursSpecification, one entry per open day", () => {
    const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => ({
      day,
      open: day === 'Tuesday',
      opens: '08:00',
      closes: '12:30',
    }))
    const business = ofType(graph({ contactInfo: { business_hours: 'Tu 08:00-12:30', opening_hours: week } }), 'LocalBusiness')[0]
    expect(business.openingHours).toBe('Tu 08:00-12:30')
    expect(business.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Tuesday', opens: '08:00', closes: '12:30' },
    ])
  })

  it('adds breaks, special dates (validFrom/validThrough), the address parts and the owner’s price range', () => {
    const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => ({
      day,
      open: day === 'Monday',
      spans:
        day === 'Monday'
          ? [
              { opens: '09:00', closes: '12:30' },
              { opens: '14:00', closes: '18:00' },
            ]
          : [],
    }))
    const business = ofType(
      graph({
        priceRange: '£50-£500',
        contactInfo: {
          opening_hours: week,
          special_hours: [{ from: '2026-12-24', to: '2026-12-26', closed: true, spans: [], note: 'Christmas' }],
          address: '12 Loom Lane, Bristol, BS1 4DJ, UK',
          address_street: '12 Loom Lane',
          address_locality: 'Bristol',
          address_postcode: 'BS1 4DJ',
          address_country: 'UK',
        },
      }),
      'LocalBusiness',
    )[0]
    expect(business.priceRange).toBe('£50-£500')
    expect(business.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '12 Loom Lane',
      addressLocality: 'Bristol',
      postalCode: 'BS1 4DJ',
      addressCountry: 'UK',
    })
    expect(business.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '09:00', closes: '12:30' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '14:00', closes: '18:00' },
      {
        '@type': 'OpeningHoursSpecification',
        validFrom: '2026-12-24',
        validThrough: '2026-12-26',
        opens: '00:00',
        closes: '00:00',
        description: 'Christmas',
      },
    ])
    expect(ofType(graph({ priceRange: '' }), 'LocalBusiness')[0].priceRange).toBeUndefined()
  })

  it('puts the contact_info fields on the business', () => {
    const nodes = graph({
      contactInfo: {
        phone: '+1 555 0100',
        email: 'hello@shop.example',
        address: '1 Main St',
        business_hours: 'Mo-Sa 08:00-20:00',
        social_facebook: 'https://facebook.com/shop',
        social_instagram: '',
        social_linkedin: 'https://linkedin.com/company/shop',
      },
      logoUrl: '/logo.png',
      image: '/images/hero.svg',
    })
    expect(ofType(nodes, 'LocalBusiness')[0]).toMatchObject({
      telephone: '+1 555 0100',
      email: 'hello@shop.example',
      address: { '@type': 'PostalAddress', streetAddress: '1 Main St' },
      openingHours: 'Mo-Sa 08:00-20:00',
      image: 'https://shop.example/images/hero.svg',
      logo: 'https://shop.example/logo.png',
      sameAs: ['https://facebook.com/shop', 'https://linkedin.com/company/shop'],
    })
    expect(ofType(nodes, 'Organization')[0].contactPoint).toMatchObject({
      '@type': 'ContactPoint',
      telephone: '+1 555 0100',
      email: 'hello@shop.example',
    })
  })

  it('has a website with a search action', () => {
    const website = ofType(graph(), 'WebSite')[0]
    expect(website.potentialAction).toMatchObject({
      '@type': 'SearchAction',
      'query-input': 'required name=search_term_string',
    })
    expect(JSON.stringify(website.potentialAction)).toContain('{search_term_string}')
  })

  it('lists the breadcrumbs Home, Services, Portfolio, Contact', () => {
    const list = ofType(graph(), 'BreadcrumbList')[0].itemListElement as Node[]
    expect(list.map((i) => [i.position, i.name, i.item])).toEqual([
      [1, 'Home', 'https://shop.example/'],
      [2, 'Services', 'https://shop.example/#services'],
      [3, 'Portfolio', 'https://shop.example/portfolio'],
      [4, 'Contact', 'https://shop.example/#contact'],
    ])
  })

  it('adds one Service per service and one Review per testimonial', () => {
    const nodes = graph({
      services: [
        { title: 'Custom Curtains', description: 'Drapes' },
        { title: 'Window Blinds', description: null },
      ],
      testimonials: [
        { name: 'Sarah', content: 'Lovely', rating: 4 },
        { name: 'James', content: 'Great', rating: null },
      ],
    })
    expect(ofType(nodes, 'Service').map((s) => [s.name, s.description])).toEqual([
      ['Custom Curtains', 'Drapes'],
      ['Window Blinds', undefined],
    ])
    const reviews = ofType(nodes, 'Review')
    expect(reviews).toHaveLength(2)
    expect(reviews[0]).toMatchObject({
      author: { '@type': 'Person', name: 'Sarah' },
      reviewBody: 'Lovely',
      reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5 },
    })
    expect((reviews[1].reviewRating as Node).ratingValue).toBe(5)
  })
})

describe('serializeJsonLd', () => {
  it('cannot close its script element', () => {
    const json = serializeJsonLd(buildJsonLd({ origin, siteTitle: '</script><script>alert(1)</script>', description: 'd' }))
    expect(json).not.toContain('</script>')
    expect(JSON.parse(json)['@graph'][0].name).toBe('</script><script>alert(1)</script>')
  })
})
