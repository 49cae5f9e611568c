import { describe, expect, it } from 'vitest'
import { allowedAttributes, allowedTags, sanitizeHtml } from './sanitize-html'

describe('sanitizeHtml', () => {
  it('keeps exactly the allowed formatting', () => {
    const html =
      '<h1>T</h1><h2>a</h2><h3>b</h3><h4>c</h4><h5>d</h5><h6>e</h6><p>x<br><strong>b</strong><em>i</em><u>u</u><s>s</s></p><ul><li>1</li></ul><ol><li>2</li></ol><div><span>s</span></div>'
    expect(sanitizeHtml(html)).toBe(html)
  })

  it('matches the allow-list of the spec', () => {
    expect([...allowedTags].sort()).toEqual(
      ['p', 'br', 'strong', 'em', 'u', 's', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'span', 'div'].sort(),
    )
    expect([...allowedAttributes]).toEqual(['href', 'target', 'rel', 'style'])
  })

  it('removes scripts and their content', () => {
    expect(sanitizeHtml('<p>hi</p><script>alert(1)</script>')).toBe('<p>hi</p>')
  })

  it('removes images, iframes and other tags outside the list, keeping their text', () => {
    expect(sanitizeHtml('<img src=x onerror="alert(1)"><p>a</p>')).toBe('<p>a</p>')
    expect(sanitizeHtml('<iframe src="https://evil.example"></iframe><b>bold</b><table><tr><td>c</td></tr></table>')).toBe('boldc')
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg><style>p{}</style>')).toBe('')
  })

  it('removes event handlers and attributes outside the list', () => {
    expect(sanitizeHtml('<p onclick="alert(1)" class="ql-align-center" id="x" title="t">a</p>')).toBe('<p>a</p>')
    expect(sanitizeHtml('<a href="/x" onmouseover="alert(1)">a</a>')).toBe('<a href="/x">a</a>')
  })

  it('removes data attributes', () => {
    expect(sanitizeHtml('<span data-user="1" data-x="y">a</span>')).toBe('<span>a</span>')
  })

  it('keeps inline styles (colours, alignment)', () => {
    expect(sanitizeHtml('<p style="text-align: center;"><span style="color: rgb(230, 0, 0);">a</span></p>')).toBe(
      '<p style="text-align: center;"><span style="color: rgb(230, 0, 0);">a</span></p>',
    )
  })

  it.each([
    'http://example.com/',
    'https://example.com/a?b=c',
    'ftp://files.example.com/x',
    'mailto:hello@example.com',
    'tel:+15550100',
    'callto:someone',
    'cid:part1',
    'xmpp:user@example.com',
    '/portfolio',
    '#contact',
    'page.html',
  ])('keeps the link %s', (href) => {
    expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe(`<a href="${href}">x</a>`)
  })

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'sms:+15550100',
    'ftps://files.example.com',
  ])('drops the link target %j', (href) => {
    expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>')
  })

  it('adds rel=noopener noreferrer to links that open a new tab', () => {
    expect(sanitizeHtml('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    )
  })

  it('returns an empty string for nothing', () => {
    expect(sanitizeHtml(null)).toBe('')
    expect(sanitizeHtml(undefined)).toBe('')
    expect(sanitizeHtml('')).toBe('')
  })
})
