import { describe, expect, it } from 'vitest'
import { logoSource, webLink } from './client-links'

describe('webLink', () => {
  it('keeps http and https addresses', () => {
    expect(webLink('https://notes.example/about')?.host).toBe('notes.example')
    expect(webLink('http://localhost:3000')?.host).toBe('localhost:3000')
  })

  it.each(['javascript:alert(1)', 'data:text/html,<script>x</script>', 'ftp://files.example', 'notes.example', '', null, undefined])(
    'refuses %s',
    (value) => {
      expect(webLink(value)).toBeNull()
    },
  )
})

describe('logoSource', () => {
  const origin = 'http://127.0.0.1:8080'

  it('loads https images and images of this site only', () => {
    expect(logoSource('https://notes.example/logo.png', origin)).toBe('https://notes.example/logo.png')
    expect(logoSource('http://127.0.0.1:8080/logo.svg', origin)).toBe('http://127.0.0.1:8080/logo.svg')
    expect(logoSource('http://notes.example/logo.png', origin)).toBeNull()
    expect(logoSource('javascript:alert(1)', origin)).toBeNull()
    expect(logoSource('data:image/svg+xml,<svg/>', origin)).toBeNull()
    expect(logoSource('', origin)).toBeNull()
  })
})
