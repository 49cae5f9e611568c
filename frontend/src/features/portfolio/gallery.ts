// Index maths and image list of the project gallery, and which items the pages show.
import type { PortfolioItem } from './types'

/** The item's images (main first), or its main image alone when the list is empty. */
export function galleryImages(item: Pick<PortfolioItem, 'images' | 'image_url'>): string[] {
  const images = (item.images ?? []).filter((src) => typeof src === 'string' && src.trim() !== '')
  if (images.length > 0) return images
  return item.image_url ? [item.image_url] : []
}

/** The next index, wrapping from the last image to the first. */
export function nextIndex(index: number, count: number): number {
  return count > 0 ? (index + 1) % count : 0
}

/** The previous index, wrapping from the first image to the last. */
export function previousIndex(index: number, count: number): number {
  return count > 0 ? (index - 1 + count) % count : 0
}

/** An index known to point at an image (0 for an empty gallery). */
export function clampIndex(index: number, count: number): number {
  if (count <= 0 || !Number.isFinite(index)) return 0
  return Math.min(Math.max(Math.trunc(index), 0), count - 1)
}

/** '2 of 5'. */
export function formatCounter(index: number, count: number): string {
  return `${count === 0 ? 0 : index + 1} of ${count}`
}

export const allCategories = 'all'

export function filterByCategory(items: readonly PortfolioItem[], category: string): PortfolioItem[] {
  return category === allCategories ? [...items] : items.filter((item) => item.category === category)
}

export { selectFeatured } from './featured'
