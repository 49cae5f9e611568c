import { createClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { parseStoredImage, publicObjectPath, renderUrl, responsiveSource, shareImageFor, shareImageUrl } from './image-urls'

const api = 'https://shop.example'
const stored = `${api}/storage/v1/object/public/site-media/portfolio/2026/11/living-room-3f9a.jpg`

describe('parseStoredImage', () => {
  it('finds the bucket and name of a public object URL, absolute or site-relative', () => {
    const image = { bucket: 'site-media', path: 'portfolio/2026/11/living-room-3f9a.jpg' }
    expect(parseStoredImage(stored, api)).toEqual(image)
    expect(parseStoredImage('/storage/v1/object/public/site-media/portfolio/2026/11/living-room-3f9a.jpg', api)).toEqual(image)
    expect(parseStoredImage('/storage/v1/object/public/site-media/a%20b.jpg', api)).toEqual({ bucket: 'site-media', path: 'a b.jpg' })
  })

  it('leaves anything else alone', () => {
    expect(parseStoredImage('/images/hero.svg', api)).toBeNull()
    expect(parseStoredImage('https://images.example/storage/v1/object/public/site-media/a.jpg', api)).toBeNull()
    expect(parseStoredImage(`${api}/storage/v1/object/sign/site-media/a.jpg?token=x`, api)).toBeNull()
    expect(parseStoredImage(`${api}/storage/v1/object/public/site-media/`, api)).toBeNull()
    expect(parseStoredImage('http://[bad', api)).toBeNull()
  })
})

describe('renderUrl', () => {
  it('is the URL supabase-js getPublicUrl builds with the same transform', () => {
    const supabase = createClient(api, 'anon-key')
    const path = 'portfolio/2026/11/living room 3f9a.jpg'
    const transform = { width: 640, height: 480, resize: 'cover', format: 'origin', quality: 75 } as const
    const { publicUrl } = supabase.storage.from('site-media').getPublicUrl(path, { transform }).data
    expect(renderUrl(api, { bucket: 'site-media', path }, transform)).toBe(publicUrl)
  })
})

describe('responsiveSource', () => {
  const layout = { widths: [640, 320, 960], aspect: 0.75, sizes: '(min-width: 1024px) 400px, 100vw' }

  it('offers each width as a cropped WebP, smallest first', () => {
    const source = responsiveSource(stored, layout, api)
    const base = `${api}/storage/v1/render/image/public/site-media/portfolio/2026/11/living-room-3f9a.jpg`
    expect(source.srcSet).toBe(
      [320, 640, 960].map((w) => `${base}?width=${w}&height=${w * 0.75}&resize=cover&format=webp&quality=75 ${w}w`).join(', '),
    )
    expect(source.src).toBe(`${base}?width=640&height=480&resize=cover&format=webp&quality=75`)
    expect(source.sizes).toBe(layout.sizes)
  })

  it('keeps the photo shape when the layout has no aspect', () => {
    const source = responsiveSource(stored, { widths: [800], sizes: '100vw' }, api)
    expect(source.srcSet).toMatch(/\?width=800&format=webp&quality=75 800w$/)
  })

  it('uses the shipped artwork and photos hosted elsewhere as they are', () => {
    expect(responsiveSource('/images/hero.svg', layout, api)).toEqual({ src: '/images/hero.svg' })
    expect(responsiveSource('https://cdn.example/a.jpg', layout, api)).toEqual({ src: 'https://cdn.example/a.jpg' })
  })
})

describe('shareImageUrl and publicObjectPath', () => {
  it('crops a stored JPEG or PNG to 1200×630 in its own format', () => {
    expect(shareImageUrl(stored, api)).toBe(
      `${api}/storage/v1/render/image/public/site-media/portfolio/2026/11/living-room-3f9a.jpg?width=1200&height=630&resize=cover&format=origin`,
    )
    expect(shareImageUrl('/images/hero.svg', api)).toBeNull()
    expect(shareImageUrl(`${api}/storage/v1/object/public/site-media/a.gif`, api)).toBeNull()
  })

  it('derives the sharing image from the hero: stored JPEG or PNG cropped, SVG never', () => {
    expect(shareImageFor('/storage/v1/object/public/site-media/hero/a.jpg', api)).toBe(
      `${api}/storage/v1/render/image/public/site-media/hero/a.jpg?width=1200&height=630&resize=cover&format=origin`,
    )
    expect(shareImageFor('/images/hero.svg', api)).toBeNull()
    expect(shareImageFor(`${api}/storage/v1/object/public/site-media/hero/a.webp`, api)).toBeNull()
    expect(shareImageFor('https://cdn.example/room.jpg', api)).toBe('https://cdn.example/room.jpg')
    expect(shareImageFor('  ', api)).toBeNull()
  })

  it('writes the site-relative public path', () => {
    expect(publicObjectPath({ bucket: 'site-media', path: 'hero/2026/11/a b.jpg' })).toBe(
      '/storage/v1/object/public/site-media/hero/2026/11/a%20b.jpg',
    )
  })
})
