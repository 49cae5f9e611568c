// What the description editor hands over, made fit to store: the light cleaning
// done on every change (script blocks, 'javascript:' and inline event handlers removed),
// plus two fixes for Quill 2's semantic HTML. Rendering still goes through sanitize-html.

const scriptBlock = /<script\b[^<]*(?:(?!<\/script>)<[^<]*)*<\/script\s*>/gi
const javascriptScheme = /javascript:/gi
// An on...= attribute inside a tag: quoted, or unquoted up to a space or the tag's end.
const eventHandler = /\s+on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi

/** Script blocks, 'javascript:' URLs and inline event handlers removed. */
export function cleanEditorHtml(html: string): string {
  return html.replace(scriptBlock, '').replace(javascriptScheme, '').replace(eventHandler, '')
}

/**
 * Quill 2.0's getSemanticHTML writes every space as &nbsp;, which would stop the text
 * from wrapping on the site. A run of n becomes one breaking space and n-1 kept ones.
 */
export function normalizeEditorSpaces(html: string): string {
  return html.replace(/(?:&nbsp;)+/g, (run) => ` ${'&nbsp;'.repeat(run.length / 6 - 1)}`)
}

/** An editor with nothing typed in it gives empty paragraphs; that is no description. */
export function isBlankEditorHtml(html: string): boolean {
  return /^(?:\s|<p>(?:\s|<br\s*\/?>)*<\/p>)*$/i.test(html)
}

/** The editor's HTML as the description to save. */
export function editorHtmlToDescription(html: string): string {
  if (isBlankEditorHtml(html)) return ''
  return normalizeEditorSpaces(cleanEditorHtml(html))
}
