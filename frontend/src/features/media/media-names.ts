// The name a file gets in the bucket: readable and unique, by where it is used and when,
// e.g. 'portfolio/2026/11/living-room-curtains-3f9a.jpg'. Camera names (IMG_2034,
// PXL_20261101_…) say nothing, so the content's own name (the project title) is used
// for them when there is one.
import type { MediaFolder } from './media-config'

/** 'Living Room — Curtains (2)' → 'living-room-curtains-2'; at most 60 characters. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
}

const cameraName = /^(img|pxl|dsc|dscn|dscf|dcim|photo|image|screenshot|mvimg)[-_ ]?\d|^\d{6,}|^[0-9a-f]{8}-[0-9a-f]{4}-/i

/** True for names a camera or phone made up ('IMG_2034', 'PXL_20261101_093012', '20261101_0930'). */
export function isCameraName(base: string): boolean {
  return cameraName.test(base.trim())
}

function baseName(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  return dot > 0 ? fileName.slice(0, dot) : fileName
}

/** Four random hex digits (two bytes), enough to keep names of one month apart. */
export function randomSuffix(random: () => number = Math.random): string {
  return Math.floor(random() * 0x10000)
    .toString(16)
    .padStart(4, '0')
}

export interface MediaNameInput {
  folder: MediaFolder
  /** The chosen file's name. */
  fileName: string
  /** The file's extension once stored ('jpg' after a HEIC was converted). */
  extension: string
  /** What the image shows, from the content: the project title, say. */
  hint?: string
  now?: Date
  suffix?: string
}

export function mediaPath({ folder, fileName, extension, hint, now = new Date(), suffix = randomSuffix() }: MediaNameInput): string {
  const fromFile = slugify(baseName(fileName))
  const fromHint = slugify(hint ?? '')
  const readable = (isCameraName(baseName(fileName)) || !fromFile ? fromHint || fromFile : fromFile) || 'photo'
  const month = String(now.getUTCMonth() + 1).padStart(2, '0')
  return `${folder}/${now.getUTCFullYear()}/${month}/${readable}-${suffix}.${extension}`
}

/** The file name shown for a stored path: its last part. */
export function displayName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1)
}
