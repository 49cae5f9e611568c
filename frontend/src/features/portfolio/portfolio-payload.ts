// The portfolio form's values and the portfolio_items payloads it saves (spec §4, §5, §7):
// the main image first in `images`, then the additional rows, trimmed, empty ones
// dropped; new items get category curtains, featured off and sort_order = the count.
import { portfolioCategories, type PortfolioCategory } from '@/config/site'
import type { PortfolioItem } from './types'

export interface PortfolioFormValues {
  title: string
  imageUrl: string
  /** The URL rows under the main image; always at least one (possibly empty) row. */
  additionalImages: string[]
  category: PortfolioCategory
  /** Rich-text HTML from the editor, already lightly cleaned. */
  description: string
  featured: boolean
}

export interface PortfolioPayload {
  title: string
  description: string
  image_url: string
  images: string[]
  category: PortfolioCategory
  featured: boolean
  sort_order: number
}

export type PortfolioUpdatePayload = PortfolioPayload & { updated_at: string }

export const emptyPortfolioForm: PortfolioFormValues = {
  title: '',
  imageUrl: '',
  additionalImages: [''],
  category: 'curtains',
  description: '',
  featured: false,
}

export function toPortfolioCategory(category: string | null | undefined): PortfolioCategory {
  return (portfolioCategories as readonly string[]).includes(category ?? '') ? (category as PortfolioCategory) : 'curtains'
}

/** An item's values for editing: the additional rows are every image but the main one, or one empty row. */
export function portfolioFormValues(item: PortfolioItem): PortfolioFormValues {
  const additional = (item.images ?? []).filter((src) => src !== item.image_url)
  return {
    title: item.title ?? '',
    imageUrl: item.image_url ?? '',
    additionalImages: additional.length > 0 ? additional : [''],
    category: toPortfolioCategory(item.category),
    description: item.description ?? '',
    featured: Boolean(item.featured),
  }
}

/** The main image, then each non-empty additional row, all trimmed. */
export function buildImages(imageUrl: string, additionalImages: readonly string[]): string[] {
  const main = imageUrl.trim()
  const rest = additionalImages.map((src) => src.trim()).filter((src) => src !== '')
  return main ? [main, ...rest] : rest
}

export function isPortfolioComplete(values: PortfolioFormValues): boolean {
  return values.title.trim() !== '' && values.imageUrl.trim() !== ''
}

export function buildPortfolioPayload(values: PortfolioFormValues, sortOrder: number): PortfolioPayload {
  return {
    title: values.title.trim(),
    description: values.description,
    image_url: values.imageUrl.trim(),
    images: buildImages(values.imageUrl, values.additionalImages),
    category: toPortfolioCategory(values.category),
    featured: values.featured,
    sort_order: sortOrder,
  }
}

export function buildPortfolioUpdate(
  values: PortfolioFormValues,
  sortOrder: number,
  now: Date = new Date(),
): PortfolioUpdatePayload {
  return { ...buildPortfolioPayload(values, sortOrder), updated_at: now.toISOString() }
}

/** Image rows: add one at the end; remove one unless it is the last row left. */
export function addImageRow(rows: readonly string[]): string[] {
  return [...rows, '']
}

export function removeImageRow(rows: readonly string[], index: number): string[] {
  if (rows.length <= 1) return [...rows]
  return rows.filter((_, i) => i !== index)
}
