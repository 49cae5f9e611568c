import { describe, expect, it } from 'vitest'
import { cleanEditorHtml, editorHtmlToDescription, isBlankEditorHtml, normalizeEditorSpaces } from './editor-html'

describe('cleanEditorHtml', () => {
  it('removes script blocks', () => {
    expect(cleanEditorHtml('<p>a</p><script>alert(1)</script><p>b</p>')).toBe('<p>a</p><p>b</p>')
    expect(cleanEditorHtml('<p>a</p><SCRIPT type="x">x<y</script ><p>b</p>')).toBe('<p>a</p><p>b</p>')
  })

  it("removes the text 'javascript:'", () => {
    expect(cleanEditorHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a href="alert(1)">x</a>')
    expect(cleanEditorHtml('<a href="JavaScript:void(0)">x</a>')).toBe('<a href="void(0)">x</a>')
  })

  it('removes inline event handler attributes', () => {
    expect(cleanEditorHtml('<p onclick="steal()">a</p>')).toBe('<p>a</p>')
    expect(cleanEditorHtml('<span onmouseover=\'x()\' style="color: red;">a</span>')).toBe('<span style="color: red;">a</span>')
    expect(cleanEditorHtml('<img src=x onerror=alert(1)>')).toBe('<img src=x>')
  })

  it('leaves ordinary rich text alone', () => {
    const html =
      '<h2>Title</h2><p><strong>Bold</strong> and <em>one</em> <a href="https://x.example" target="_blank">link</a></p><ul><li>online</li></ul>'
    expect(cleanEditorHtml(html)).toBe(html)
  })
})

describe('normalizeEditorSpaces', () => {
  it('turns single &nbsp; into spaces and keeps the extra ones of a run', () => {
    expect(normalizeEditorSpaces('<p>Made&nbsp;to&nbsp;measure</p>')).toBe('<p>Made to measure</p>')
    expect(normalizeEditorSpaces('a&nbsp;&nbsp;&nbsp;b')).toBe('a &nbsp;&nbsp;b')
  })
})

describe('editorHtmlToDescription', () => {
  it('an empty editor is an empty description', () => {
    expect(isBlankEditorHtml('<p><br></p>')).toBe(true)
    expect(isBlankEditorHtml('<p></p>')).toBe(true)
    expect(editorHtmlToDescription('<p><br></p>')).toBe('')
    expect(isBlankEditorHtml('<p>a</p>')).toBe(false)
  })

  it('cleans and fixes the spaces', () => {
    expect(editorHtmlToDescription('<p>a&nbsp;<strong>b</strong></p><script>x</script>')).toBe('<p>a <strong>b</strong></p>')
  })
})
