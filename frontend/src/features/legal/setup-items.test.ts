import { describe, expect, it } from 'vitest'
import { legalSetupItems } from './setup-items'

describe('legalSetupItems', () => {
  const row = (body_html: string | null) => ({ id: 'x', slug: 'terms' as const, body_html, updated_at: null })

  it('lists each page still showing the original text, confirmable, in the Legal Pages section', () => {
    const items = legalSetupItems({ terms: row(null), privacy: row(null) })
    expect(items.map((item) => [item.key, item.section, item.confirmable])).toEqual([
      ['legal:terms', 'legal', true],
      ['legal:privacy', 'legal', true],
    ])
    expect(items[0]?.label).toMatch(/^Terms of Service: /)
  })

  it('drops a page with a text of its own, and waits for a page not read yet', () => {
    expect(legalSetupItems({ terms: row('<p>Mine</p>'), privacy: undefined })).toEqual([])
    expect(legalSetupItems({ terms: row('<p>Mine</p>'), privacy: null }).map((item) => item.key)).toEqual(['legal:privacy'])
  })
})
