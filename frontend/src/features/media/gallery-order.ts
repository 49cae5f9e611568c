// The portfolio form's photo list: each photo with its alt text and focal point, the cover
// first. Add several, move one (drag and drop, the keyboard or the Move buttons), make one
// the cover, remove one; and the `image_url`, `images`, `image_alts` and `image_focus` an
// item is saved with (main first).
import { formatFocus, parseFocus } from './focal-point'

export interface GalleryPhoto {
  url: string
  /** Empty: the project title is used. */
  alt: string
  /** Focal point as stored ('X Y' percent; empty: the centre). */
  focus: string
}

/** The list with the photo at `from` moved to `to` (both clamped to the list). */
export function movePhoto<T>(photos: readonly T[], from: number, to: number): T[] {
  const list = [...photos]
  if (from < 0 || from >= list.length) return list
  const target = Math.min(Math.max(to, 0), list.length - 1)
  const [photo] = list.splice(from, 1)
  list.splice(target, 0, photo)
  return list
}

/** The photo at `index` becomes the cover (first); the others keep their order. */
export function makeCover<T>(photos: readonly T[], index: number): T[] {
  return movePhoto(photos, index, 0)
}

export function removePhoto<T>(photos: readonly T[], index: number): T[] {
  return photos.filter((_, i) => i !== index)
}

/** New photos go after the existing ones; a URL already in the list is not added twice. */
export function addPhotos(photos: readonly GalleryPhoto[], urls: readonly string[]): GalleryPhoto[] {
  const seen = new Set(photos.map((photo) => photo.url))
  const added: GalleryPhoto[] = []
  for (const raw of urls) {
    const url = raw.trim()
    if (!url || seen.has(url)) continue
    seen.add(url)
    added.push({ url, alt: '', focus: '' })
  }
  return [...photos, ...added]
}

/** Arrow keys move a photo one place; Home and End to either end. Null for other keys. */
export function keyboardTarget(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowUp':
      return index > 0 ? index - 1 : null
    case 'ArrowRight':
    case 'ArrowDown':
      return index < count - 1 ? index + 1 : null
    case 'Home':
      return index > 0 ? 0 : null
    case 'End':
      return index < count - 1 ? count - 1 : null
    default:
      return null
  }
}

/** An item's photos: `images` (main first) with their alts; the main image alone for older rows. */
export function photosOf(item: {
  image_url?: string | null
  images?: string[] | null
  image_alts?: string[] | null
  image_focus?: string[] | null
}): GalleryPhoto[] {
  const main = item.image_url?.trim() ?? ''
  const alts = item.image_alts ?? []
  const focus = item.image_focus ?? []
  // Blank entries are dropped with their alt text and focal point, so each keeps its photo.
  const photos = (item.images ?? [])
    .map((src, i) => ({ url: src.trim(), alt: alts[i] ?? '', focus: focus[i] ?? '' }))
    .filter((photo) => photo.url)
  const images = photos.map((photo) => photo.url)
  if (main && !images.includes(main)) return [{ url: main, alt: '', focus: '' }, ...photos]
  if (main && images[0] !== main) return makeCover(photos, images.indexOf(main))
  return photos
}

/** What the item is saved with: the cover as image_url, every URL in order, an alt and a focal point for each. */
export function galleryFields(photos: readonly GalleryPhoto[]): {
  image_url: string
  images: string[]
  image_alts: string[]
  image_focus: string[]
} {
  const kept = photos
    .map((photo) => ({ url: photo.url.trim(), alt: photo.alt.trim(), focus: formatFocus(parseFocus(photo.focus)) }))
    .filter((photo) => photo.url)
  return {
    image_url: kept[0]?.url ?? '',
    images: kept.map((photo) => photo.url),
    image_alts: kept.map((photo) => photo.alt),
    image_focus: kept.map((photo) => photo.focus),
  }
}

/**
 * The alt text shown for photo `index`: its own, or the title, with the photo's place in
 * a gallery of `count` ('Title, photo 2 of 3') when one is given.
 */
export function photoAlt(title: string, alts: readonly string[] | null | undefined, index: number, count?: number): string {
  const own = alts?.[index]?.trim()
  if (own) return own
  return count ? `${title}, photo ${index + 1} of ${count}` : title
}
