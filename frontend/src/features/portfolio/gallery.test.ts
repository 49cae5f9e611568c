import { describe, expect, it } from 'vitest'
import {
  allCategories,
  clampIndex,
  filterByCategory,
  formatCounter,
  galleryImages,
  nextIndex,
  previousIndex,
  selectFeatured,
} from './gallery'
import type { PortfolioItem } from './types'

function item(overrides: Partial<PortfolioItem>): PortfolioItem {
  return {
    id: overrides.id ?? 'id',
    title: 'T',
    category: 'curtains',
    description: null,
    image_url: '/main.jpg',
    images: [],
    featured: false,
    sort_order: 0,
    updated_at: null,
    ...overrides,
  }
}

describe('galleryImages', () => {
  it('uses the images list, main first', () => {
    expect(galleryImages(item({ images: ['/a.jpg', '/b.jpg'] }))).toEqual(['/a.jpg', '/b.jpg'])
  })

  it('falls back to image_url alone when the list is empty or missing', () => {
    expect(galleryImages(item({ images: [] }))).toEqual(['/main.jpg'])
    expect(galleryImages(item({ images: null }))).toEqual(['/main.jpg'])
    expect(galleryImages(item({ images: ['', '  '] }))).toEqual(['/main.jpg'])
  })
})

describe('index maths', () => {
  it('goes forward and wraps from the last image to the first', () => {
    expect(nextIndex(0, 3)).toBe(1)
    expect(nextIndex(1, 3)).toBe(2)
    expect(nextIndex(2, 3)).toBe(0)
  })

  it('goes back and wraps from the first image to the last', () => {
    expect(previousIndex(2, 3)).toBe(1)
    expect(previousIndex(0, 3)).toBe(2)
  })

  it('stays put with one image and copes with none', () => {
    expect(nextIndex(0, 1)).toBe(0)
    expect(previousIndex(0, 1)).toBe(0)
    expect(nextIndex(0, 0)).toBe(0)
    expect(previousIndex(0, 0)).toBe(0)
  })

  it('clamps jumps into range', () => {
    expect(clampIndex(5, 3)).toBe(2)
    expect(clampIndex(-1, 3)).toBe(0)
    expect(clampIndex(1.7, 3)).toBe(1)
    expect(clampIndex(Number.NaN, 3)).toBe(0)
    expect(clampIndex(2, 0)).toBe(0)
  })

  it("shows 'n of total'", () => {
    expect(formatCounter(0, 3)).toBe('1 of 3')
    expect(formatCounter(2, 3)).toBe('3 of 3')
    expect(formatCounter(0, 0)).toBe('0 of 0')
  })
})

describe('selectFeatured', () => {
  it('keeps featured items only, in order, at most six', () => {
    const items = Array.from({ length: 10 }, (_, i) => item({ id: `p${i}`, featured: i !== 1 }))
    expect(selectFeatured(items, 6).map((p) => p.id)).toEqual(['p0', 'p2', 'p3', 'p4', 'p5', 'p6'])
    expect(selectFeatured([item({ featured: false })], 6)).toEqual([])
  })
})

describe('categories', () => {
  const items = [
    item({ id: '1', category: 'blinds' }),
    item({ id: '2', category: 'curtains' }),
    item({ id: '3', category: 'blinds' }),
    item({ id: '4', category: 'furniture-covers' }),
  ]

  it('filters by category, all by default', () => {
    expect(filterByCategory(items, allCategories).map((p) => p.id)).toEqual(['1', '2', '3', '4'])
    expect(filterByCategory(items, 'blinds').map((p) => p.id)).toEqual(['1', '3'])
    expect(filterByCategory(items, 'other')).toEqual([])
  })
})
