// The portfolio form's values and the portfolio_items payloads it saves:
// the photos in the gallery's order, the cover (main image) first in `images` and as
// `image_url`, each with its alt text; new items get category curtains, featured off and
// sort_order = the count.
import { galleryFields, photosOf, type GalleryPhoto } from '@/features/media/gallery-order'
import type { PortfolioItem } from './types'

export interface PortfolioFormValues {
  title: string
  /** The photos, the cover first. */
  photos: GalleryPhoto[]
  /** One of the owner's categories (site_texts.portfolio_categories). */
  category: string
  /** Rich-text HTML from the editor, already lightly cleaned. */
  description: string
  featured: boolean
}

export interface PortfolioPayload {
  title: string
  description: string
  image_url: string
  images: string[]
  image_alts: string[]
  category: string
  featured: boolean
  sort_order: number
}

/** A saved edit is the owner's own project: no longer a sample (a new one never is). */
export type PortfolioUpdatePayload = PortfolioPayload & { updated_at: string; is_sample: false }

export const emptyPortfolioForm: PortfolioFormValues = {
  title: '',
  photos: [],
  category: 'curtains',
  description: '',
  featured: false,
}

/** The item's category, or curtains for an item without one. */
export function toPortfolioCategory(category: string | null | undefined): string {
  return category?.trim() ? category : emptyPortfolioForm.category
}

/** An item's values for editing: its photos in order, the main image first. */
export function portfolioFormValues(item: PortfolioItem): PortfolioFormValues {
  return {
    title: item.title ?? '',
    photos: photosOf(item),
    category: toPortfolioCategory(item.category),
    description: item.description ?? '',
    featured: Boolean(item.featured),
  }
}

export function isPortfolioComplete(values: PortfolioFormValues): boolean {
  return values.title.trim() !== '' && galleryFields(values.photos).image_url !== ''
}

export function buildPortfolioPayload(values: PortfolioFormValues, sortOrder: number): PortfolioPayload {
  return {
    title: values.title.trim(),
    description: values.description,
    ...galleryFields(values.photos),
    category: toPortfolioCategory(values.category),
    featured: values.featured,
    sort_order: sortOrder,
  }
}

export function buildPortfolioUpdate(values: PortfolioFormValues, sortOrder: number, now: Date = new Date()): PortfolioUpdatePayload {
  return { ...buildPortfolioPayload(values, sortOrder), updated_at: now.toISOString(), is_sample: false }
}
