// Turns a chosen photo into the file that is uploaded, in the browser. A phone's JPEG or
// HEIC (12 MP, 3–6 MB) is decoded with its EXIF orientation applied, scaled to at most
// 2560 px on its long edge and saved as a JPEG: the stored photo is upright everywhere,
// a fraction of the size, and carries no EXIF (no GPS position of a client's home).
// HEIC and AVIF (which the server's image transform cannot read) are only accepted where
// the browser reads them (HEIC: Safari); elsewhere the owner is told what to send. PNG
// and WebP are scaled down only when too large in pixels or in bytes (keeping their type,
// so a logo keeps its transparency); GIF is kept as it is (it may be animated). When a JPEG cannot be
// decoded here it is sent as it is: the transform applies its orientation. The size limit
// is checked on the result (file-validation.ts, tooLargeMessage), not on the file chosen.
import type { ImageKind } from './file-validation'
import { jpegQuality, maxStoredEdge, maxUploadBytes } from './media-config'

export interface PreparedImage {
  blob: Blob
  /** The MIME type stored. */
  type: string
  /** The extension of the stored name, without the dot. */
  extension: string
  /** Re-encoded (and scaled) here, rather than sent as it came. */
  shrunk: boolean
}

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
}

export const heicUnreadable =
  'This browser cannot read HEIC or AVIF photos. Choose the photo again from the Photos app (it then sends a JPEG), or set the camera to “Most Compatible”.'

/** The size to draw a width × height image at so that neither side exceeds `max`. */
export function fitWithin(width: number, height: number, max: number = maxStoredEdge): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

async function decode(file: Blob): Promise<ImageBitmap | null> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch {
    return null
  }
}

function encode(bitmap: ImageBitmap, type: string): Promise<Blob | null> {
  const size = fitWithin(bitmap.width, bitmap.height)
  const canvas = document.createElement('canvas')
  canvas.width = size.width
  canvas.height = size.height
  const context = canvas.getContext('2d')
  if (!context) return Promise.resolve(null)
  context.imageSmoothingQuality = 'high'
  context.drawImage(bitmap, 0, 0, size.width, size.height)
  return new Promise((resolve) => canvas.toBlob(resolve, type, type === 'image/jpeg' ? jpegQuality : undefined))
}

function asIs(file: Blob, type: string): PreparedImage {
  return { blob: file, type, extension: extensions[type] ?? 'jpg', shrunk: false }
}

export async function prepareImage(file: Blob, kind: ImageKind): Promise<PreparedImage> {
  if (kind === 'gif') return asIs(file, 'image/gif')
  // Kinds stored as they come when they cannot be re-encoded here; HEIC and AVIF never are.
  const original = kind === 'heic' || kind === 'avif' ? null : `image/${kind}`
  const bitmap = await decode(file)
  if (!bitmap) {
    if (!original) throw new Error(heicUnreadable)
    return asIs(file, original)
  }
  try {
    const photo = kind === 'jpeg' || kind === 'heic' || kind === 'avif'
    if (!photo && Math.max(bitmap.width, bitmap.height) <= maxStoredEdge && file.size <= maxUploadBytes) return asIs(file, original!)
    const type = photo ? 'image/jpeg' : original!
    const blob = await encode(bitmap, type)
    // A browser that cannot write this type (AVIF, say) gives PNG or nothing: keep the file.
    if (!blob || blob.type !== type) {
      if (!original) throw new Error(heicUnreadable)
      return asIs(file, original)
    }
    return { blob, type, extension: extensions[type], shrunk: true }
  } finally {
    bitmap.close()
  }
}
