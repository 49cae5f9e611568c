import { describe, expect, it } from 'vitest'
import { isUrlOrPath } from './url-input'

describe('isUrlOrPath', () => {
  it('accepts full http(s) addresses and site paths', () => {
    for (const ok of ['https://images.example.com/a.jpg', 'http://x.example', '/images/hero.svg', ' /a.png ']) {
      expect(isUrlOrPath(ok), ok).toBe(true)
    }
  })

  it('refuses other schemes, protocol-relative addresses and text', () => {
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,xx', '//evil.example/a.png', 'images/a.png', 'https://a b', '']) {
      expect(isUrlOrPath(bad), bad).toBe(false)
    }
  })
})
