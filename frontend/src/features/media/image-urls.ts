// Responsive image URLs for the public site. A photo stored in a public bucket of this
// site's /storage/v1 is served through the image transform endpoint, in the URL shape
// supabase-js's getPublicUrl(path, { transform }) builds
// ({api}/storage/v1/render/image/public/{bucket}/{path}?width=&height=&resize=&format=&quality=),
// at the widths the layout needs. Any other image (the shipped SVG artwork, a photo
// hosted elsewhere) is used as it is.

export interface Transform {
  width?: number
  height?: number
  resize?: 'cover' | 'contain' | 'fill'
  format?: 'origin' | 'webp' | 'avif'
  quality?: number
}

export interface StoredImage {
  bucket: string
  /** The object's name in the bucket, decoded ('portfolio/2026/11/a b.jpg'). */
  path: string
}

const publicPrefix = '/storage/v1/object/public/'

/**
 * The bucket and name of a public object URL of this site's storage: absolute on the API's
 * origin, or site-relative ('/storage/v1/object/public/site-media/hero/…'). Null otherwise.
 */
export function parseStoredImage(src: string, apiUrl: string): StoredImage | null {
  let url: URL
  let api: URL
  try {
    api = new URL(apiUrl)
    url = new URL(src.trim(), api)
  } catch {
    return null
  }
  if (url.origin !== api.origin || url.search || url.hash) return null
  const base = api.pathname.replace(/\/+$/, '')
  const prefix = `${base}${publicPrefix}`
  if (!url.pathname.startsWith(prefix)) return null
  const rest = url.pathname.slice(prefix.length)
  const slash = rest.indexOf('/')
  if (slash <= 0 || slash === rest.length - 1) return null
  try {
    return { bucket: decodeURIComponent(rest.slice(0, slash)), path: decodeURIComponent(rest.slice(slash + 1)) }
  } catch {
    return null
  }
}

/** The transform URL, as storage-js's getPublicUrl(path, { transform }) writes it. */
export function renderUrl(apiUrl: string, image: StoredImage, transform: Transform): string {
  const query = new URLSearchParams()
  if (transform.width) query.set('width', String(transform.width))
  if (transform.height) query.set('height', String(transform.height))
  if (transform.resize) query.set('resize', transform.resize)
  if (transform.format) query.set('format', transform.format)
  if (transform.quality) query.set('quality', String(transform.quality))
  const base = `${apiUrl.replace(/\/+$/, '')}/storage/v1/render/image/public/${image.bucket}/${image.path}`
  const qs = query.toString()
  return encodeURI(base) + (qs ? `?${qs}` : '')
}

/** The public object URL, site-relative when the API is this site's own origin. */
export function publicObjectPath(image: StoredImage): string {
  return encodeURI(`${publicPrefix}${image.bucket}/${image.path}`)
}

export interface ImageLayout {
  /** Widths to offer, in pixels, smallest first. */
  widths: readonly number[]
  /** Height / width of the box the image is cropped to; omit to keep the photo's shape. */
  aspect?: number
  /** The `sizes` attribute: how wide the image shows at each viewport. */
  sizes: string
  quality?: number
  format?: 'webp' | 'avif'
}

export interface ResponsiveSource {
  src: string
  srcSet?: string
  sizes?: string
}

/** src, srcset and sizes for `src` in `layout`; only src for an image not in this site's storage. */
export function responsiveSource(src: string, layout: ImageLayout, apiUrl: string): ResponsiveSource {
  const image = parseStoredImage(src, apiUrl)
  if (!image) return { src }
  const url = (width: number) =>
    renderUrl(apiUrl, image, {
      width,
      height: layout.aspect ? Math.round(width * layout.aspect) : undefined,
      resize: layout.aspect ? 'cover' : undefined,
      format: layout.format ?? 'webp',
      quality: layout.quality ?? 75,
    })
  const widths = [...layout.widths].sort((a, b) => a - b)
  return {
    src: url(widths[Math.min(1, widths.length - 1)]),
    srcSet: widths.map((width) => `${url(width)} ${width}w`).join(', '),
    sizes: layout.sizes,
  }
}

/**
 * The Open Graph image (1200×630, JPEG or PNG: link previews render neither SVG nor
 * always WebP): a stored JPEG or PNG cropped by the transform in its own format; null
 * for anything else, so the caller uses its raster default.
 */
export function shareImageUrl(src: string, apiUrl: string): string | null {
  const image = parseStoredImage(src, apiUrl)
  if (!image || !/\.(jpe?g|png)$/i.test(image.path)) return null
  return renderUrl(apiUrl, image, { width: 1200, height: 630, resize: 'cover', format: 'origin' })
}

/**
 * The sharing image for a hero image: the 1200×630 crop of a stored JPEG or PNG; an image
 * hosted elsewhere as it is unless it is an SVG; null (use the raster default) for an SVG,
 * another stored format, or nothing.
 */
export function shareImageFor(src: string | null | undefined, apiUrl: string): string | null {
  const value = src?.trim()
  if (!value) return null
  if (parseStoredImage(value, apiUrl)) return shareImageUrl(value, apiUrl)
  return /\.svg(?:$|[?#])/i.test(value) ? null : value
}
