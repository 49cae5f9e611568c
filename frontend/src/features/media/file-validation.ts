// Whether a chosen file may be uploaded, decided from its name and type before a byte is
// sent: not an image the site can store gets a message saying so. Its size is judged only
// after the browser has shrunk it (prepare-image.ts): a 30 MB camera photo becomes a
// JPEG of 1–2 MB, so only what is still too large then is refused (tooLargeMessage).
import { maxUploadBytes } from './media-config'

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'heic'

export type FileCheck = { ok: true; kind: ImageKind } | { ok: false; message: string }

const byType: Record<string, ImageKind> = {
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
  'image/heic': 'heic',
  'image/heif': 'heic',
  'image/heic-sequence': 'heic',
  'image/heif-sequence': 'heic',
}

const byExtension: Record<string, ImageKind> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  jfif: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
  gif: 'gif',
  heic: 'heic',
  heif: 'heic',
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

/** '30.0 MB', '512 KB', '900 bytes'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/**
 * The kind of image a file is, from its MIME type, or from its extension when the
 * browser gives no type (some do for HEIC). A type that names something else (a
 * program, a PDF, an SVG) is never overridden by a misleading extension.
 */
export function imageKind(file: { name: string; type: string }): ImageKind | null {
  const type = file.type.toLowerCase().split(';')[0].trim()
  if (type && type !== 'application/octet-stream') return byType[type] ?? null
  return byExtension[extensionOf(file.name)] ?? null
}

export const acceptedFormatsText = 'JPEG, PNG, WebP, AVIF, GIF or HEIC'

export function checkImageFile(file: { name: string; type: string; size: number }): FileCheck {
  const kind = imageKind(file)
  if (!kind) {
    return { ok: false, message: `“${file.name}” is not a photo the site can use. Choose a ${acceptedFormatsText} image.` }
  }
  if (file.size === 0) return { ok: false, message: `“${file.name}” is empty.` }
  return { ok: true, kind }
}

/**
 * Why a photo is refused when, after preparing, it is still over the bucket's limit:
 * `shrunk` says whether the browser could scale it (else it is sent as it came: a GIF,
 * or a file this browser cannot decode). Says what to do.
 */
export function tooLargeMessage(file: { name: string; size: number }, preparedSize: number, shrunk: boolean): string | null {
  if (preparedSize <= maxUploadBytes) return null
  const limit = formatBytes(maxUploadBytes)
  if (shrunk) {
    return `“${file.name}” is still ${formatBytes(preparedSize)} after shrinking; the largest photo you can upload is ${limit}. Save it as a JPEG and try again.`
  }
  return `“${file.name}” is ${formatBytes(file.size)} and this browser cannot make it smaller; the largest photo you can upload is ${limit}. Save it smaller (as a JPEG, say) and try again.`
}
