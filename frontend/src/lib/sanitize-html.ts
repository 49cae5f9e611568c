// The one place rich text from the database is made safe to render:
// exactly the site specification's tags, attributes and link schemes, nothing else.
import DOMPurify, { type Config } from 'dompurify'

export const allowedTags = [
  'p',
  'br',
  'strong',
  'em',
  'u',
  's',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'a',
  'span',
  'div',
] as const

export const allowedAttributes = ['href', 'target', 'rel', 'style'] as const

/** http, https, ftp, mailto, tel, callto, cid, xmpp, or a relative address (no scheme). */
export const allowedUriPattern = /^(?:(?:https?|ftp|mailto|tel|callto|cid|xmpp):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i

const config: Config = {
  ALLOWED_TAGS: [...allowedTags],
  ALLOWED_ATTR: [...allowedAttributes],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: allowedUriPattern,
}

let purifier: ReturnType<typeof DOMPurify> | undefined

// A private instance, so the hook below never changes how other code (the admin editor)
// uses DOMPurify.
function instance(): ReturnType<typeof DOMPurify> {
  if (!purifier) {
    purifier = DOMPurify(window)
    // A link opened in a new tab must not get a handle on this page.
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
        node.setAttribute('rel', 'noopener noreferrer')
      }
    })
  }
  return purifier
}

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return ''
  return instance().sanitize(html, config) as string
}
