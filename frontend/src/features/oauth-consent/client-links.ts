// The app's own addresses (its website, its logo, where it sends the person back) come
// from whoever registered the app, so they are shown only when they are plain web
// addresses: never a javascript: or data: URL in a link or an image.

function parse(value: string | null | undefined): URL | null {
  if (!value) return null
  try {
    return new URL(value)
  } catch {
    return null
  }
}

/** The address when it is http(s), for a link; null otherwise. */
export function webLink(value: string | null | undefined): URL | null {
  const url = parse(value)
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url : null
}

/**
 * The address when the page may load it as an image: https (the site's
 * Content-Security-Policy loads images from https and from itself only), or this site.
 */
export function logoSource(value: string | null | undefined, origin: string): string | null {
  const url = parse(value)
  if (!url) return null
  if (url.protocol === 'https:' || url.origin === origin) return url.toString()
  return null
}
