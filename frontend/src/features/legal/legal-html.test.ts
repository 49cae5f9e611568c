import { describe, expect, it } from 'vitest'
import { privacyPolicy, termsOfService } from '@/config/legal'
import { escapeHtml, formatLegalDate, legalDocumentHtml, legalLastUpdated } from './legal-html'

describe('legalDocumentHtml', () => {
  it('writes the intro, the numbered headings, paragraphs and bullet lists as the page shows them', () => {
    const html = legalDocumentHtml({
      title: 'T',
      description: 'D',
      intro: 'Intro & more',
      sections: [
        { heading: 'One', paragraphs: ['First <b>'] },
        { heading: 'Two', items: ['a', 'b'] },
      ],
    })
    expect(html).toBe('<p>Intro &amp; more</p><h2>1. One</h2><p>First &lt;b&gt;</p><h2>2. Two</h2><ul><li>a</li><li>b</li></ul>')
  })

  it("keeps the spec's wording of the original documents", () => {
    const terms = legalDocumentHtml(termsOfService)
    expect(terms).toContain('<h2>5. Warranty</h2><p>We guarantee our workmanship for one (3) year')
    expect(terms).toContain('<li>Standard items can be returned within 30 days of delivery')
    expect(legalDocumentHtml(privacyPolicy)).toContain('not directed at children under 13')
  })

  it('escapes what would be markup', () => {
    expect(escapeHtml(`<a href="x">&</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;')
  })
})

describe('legalLastUpdated', () => {
  it("keeps the spec's date while the page shows the original text", () => {
    expect(legalLastUpdated(null)).toBe('October 10, 2025')
    expect(legalLastUpdated({ body_html: null, updated_at: '2026-11-27T10:00:00Z' })).toBe('October 10, 2025')
  })

  it('is the day a text of its own was saved, in UTC, written like the original date', () => {
    expect(legalLastUpdated({ body_html: '<p>Mine</p>', updated_at: '2026-11-27T23:30:00+00:00' })).toBe('November 27, 2026')
    expect(formatLegalDate('2026-03-01T00:30:00+02:00')).toBe('February 28, 2026')
  })
})
