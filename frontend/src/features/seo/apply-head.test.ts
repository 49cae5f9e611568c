import { afterEach, describe, expect, it } from 'vitest'
import { applyJsonLd, applyMetadata, removeJsonLd } from './apply-head'
import { buildMetadata } from './build-metadata'

afterEach(() => {
  document.head.innerHTML = ''
})

describe('applyMetadata', () => {
  it('sets the title, tags and canonical link, updating existing tags instead of adding more', () => {
    document.head.innerHTML = '<meta name="description" content="old"><meta property="og:title" content="old">'
    const meta = buildMetadata({ title: 'T', description: 'D' }, { origin: 'https://s.example', pathname: '/p' })
    applyMetadata(meta)
    applyMetadata(meta)
    expect(document.title).toBe('T')
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1)
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('D')
    expect(document.head.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe('T')
    expect(document.head.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe('https://s.example/p')
    expect(document.head.querySelector('meta[name="twitter:card"]')?.getAttribute('content')).toBe('summary_large_image')
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1)
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://s.example/p')
  })
})

describe('applyJsonLd', () => {
  it('keeps one JSON-LD script, replacing the server one, and removes it', () => {
    document.head.innerHTML = '<script id="structured-data" type="application/ld+json">{"old":true}</script>'
    applyJsonLd('{"new":true}')
    const scripts = document.head.querySelectorAll('script[type="application/ld+json"]')
    expect(scripts).toHaveLength(1)
    expect(scripts[0].textContent).toBe('{"new":true}')
    removeJsonLd()
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull()
  })
})
