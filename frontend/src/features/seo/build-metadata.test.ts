import { describe, expect, it } from 'vitest'
import { absoluteUrl, buildMetadata, defaultTitle, metaTags } from './build-metadata'

const origin = 'https://shop.example'

describe('buildMetadata', () => {
  it('uses the spec defaults when nothing is given', () => {
    expect(buildMetadata({}, { origin, pathname: '/' })).toEqual({
      title: 'Pleat Interiors - Custom Curtains, Blinds & Furniture Covers',
      description:
        'Transform your space with custom curtains, blinds and furniture covers, designed with you, measured precisely and installed in your home.',
      image: 'https://shop.example/images/hero-share.jpg',
      url: 'https://shop.example/',
      type: 'website',
      siteName: 'Pleat Interiors',
      language: 'en',
      locale: 'en_US',
    })
  })

  it('takes the language from the settings, and og:locale in its language_TERRITORY form', () => {
    expect(buildMetadata({}, { origin, pathname: '/', language: 'en-GB' })).toMatchObject({ language: 'en-GB', locale: 'en_GB' })
    expect(buildMetadata({}, { origin, pathname: '/', language: 'fr' })).toMatchObject({ language: 'fr', locale: 'fr_FR' })
    expect(buildMetadata({}, { origin, pathname: '/', language: 'zh-Hant-TW' })).toMatchObject({ locale: 'zh_TW' })
    expect(buildMetadata({}, { origin, pathname: '/', language: 'gd' })).toMatchObject({ locale: 'gd' })
    expect(buildMetadata({}, { origin, pathname: '/', language: 'not a tag' })).toMatchObject({ language: 'en', locale: 'en_US' })
  })

  it('builds the default title from the site title', () => {
    const meta = buildMetadata({}, { origin, pathname: '/', siteTitle: 'Drape & Co' })
    expect(meta.title).toBe('Drape & Co - Custom Curtains, Blinds & Furniture Covers')
    expect(defaultTitle('  ')).toBe('Pleat Interiors - Custom Curtains, Blinds & Furniture Covers')
  })

  it('defaults the description to the hero subtitle and the image to the hero background', () => {
    const meta = buildMetadata({}, { origin, pathname: '/', heroSubtitle: 'Made to measure', heroImage: 'https://cdn.example/hero.jpg' })
    expect(meta.description).toBe('Made to measure')
    expect(meta.image).toBe('https://cdn.example/hero.jpg')
  })

  it('shares a 1200×630 raster: the crop of an uploaded hero photo, the shipped JPEG for the SVG art', () => {
    const uploaded = buildMetadata(
      {},
      { origin, pathname: '/', heroImage: '/storage/v1/object/public/site-media/hero/2026/11/room-1a2b.jpg' },
    )
    expect(uploaded.image).toBe(
      'https://shop.example/storage/v1/render/image/public/site-media/hero/2026/11/room-1a2b.jpg?width=1200&height=630&resize=cover&format=origin',
    )
    expect(buildMetadata({}, { origin, pathname: '/', heroImage: '/images/hero.svg' }).image).toBe(
      'https://shop.example/images/hero-share.jpg',
    )
  })

  it('prefers what the page gives, resolving relative urls', () => {
    const meta = buildMetadata(
      { title: 'Portfolio', description: 'All projects', image: '/images/a.svg', url: '/portfolio', type: 'article' },
      { origin, pathname: '/x', siteTitle: 'S', heroSubtitle: 'H', heroImage: '/h.svg' },
    )
    expect(meta).toMatchObject({
      title: 'Portfolio',
      description: 'All projects',
      image: 'https://shop.example/images/a.svg',
      url: 'https://shop.example/portfolio',
      type: 'article',
    })
  })

  it('uses the current path as the canonical url', () => {
    expect(buildMetadata({}, { origin, pathname: '/terms' }).url).toBe('https://shop.example/terms')
  })

  it('ignores blank overrides', () => {
    expect(buildMetadata({ title: ' ', description: '' }, { origin, pathname: '/', heroSubtitle: 'H' })).toMatchObject({
      title: 'Pleat Interiors - Custom Curtains, Blinds & Furniture Covers',
      description: 'H',
    })
  })
})

describe('absoluteUrl', () => {
  it('keeps absolute urls and resolves paths', () => {
    expect(absoluteUrl('https://a.example/x', origin)).toBe('https://a.example/x')
    expect(absoluteUrl('/x', origin)).toBe('https://shop.example/x')
  })
})

describe('metaTags', () => {
  it('lists description, Open Graph and Twitter tags', () => {
    const tags = metaTags(buildMetadata({}, { origin, pathname: '/' }))
    const keys = tags.map((t) => `${t.attribute}:${t.key}`)
    expect(keys).toEqual([
      'name:description',
      'property:og:title',
      'property:og:description',
      'property:og:image',
      'property:og:url',
      'property:og:type',
      'property:og:site_name',
      'property:og:locale',
      'name:twitter:card',
      'name:twitter:title',
      'name:twitter:description',
      'name:twitter:image',
    ])
    expect(tags.find((t) => t.key === 'twitter:card')?.content).toBe('summary_large_image')
  })
})
