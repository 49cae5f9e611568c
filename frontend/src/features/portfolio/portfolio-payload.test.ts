import { describe, expect, it } from 'vitest'
import {
  buildPortfolioPayload,
  buildPortfolioUpdate,
  emptyPortfolioForm,
  isPortfolioComplete,
  portfolioFormValues,
} from './portfolio-payload'
import type { PortfolioItem } from './types'

const item: PortfolioItem = {
  id: 'p1',
  title: 'Bay window',
  category: 'blinds',
  description: '<p>Hi</p>',
  image_url: '/a.jpg',
  images: ['/a.jpg', '/b.jpg', '/c.jpg'],
  image_alts: ['Bay window with blinds down'],
  featured: true,
  sort_order: 3,
  updated_at: null,
}

describe('portfolio payloads', () => {
  it('a new item starts as curtains, not featured, with no photos', () => {
    expect(emptyPortfolioForm).toMatchObject({ category: 'curtains', featured: false, photos: [] })
  })

  it('insert: the spec fields, the cover first, an alt and a focal point per photo, sort_order = the current count', () => {
    const payload = buildPortfolioPayload(
      {
        title: ' Study blinds ',
        photos: [
          { url: ' https://img.example/1.jpg ', alt: ' Linen blinds ', focus: '20 80' },
          { url: 'https://img.example/2.jpg', alt: '', focus: '' },
        ],
        category: 'furniture-covers',
        description: '<p><strong>Bold</strong></p>',
        featured: true,
      },
      6,
    )
    expect(payload).toEqual({
      title: 'Study blinds',
      description: '<p><strong>Bold</strong></p>',
      image_url: 'https://img.example/1.jpg',
      images: ['https://img.example/1.jpg', 'https://img.example/2.jpg'],
      image_alts: ['Linen blinds', ''],
      image_focus: ['20 80', ''],
      category: 'furniture-covers',
      featured: true,
      sort_order: 6,
    })
  })

  it('update: plus updated_at, keeping the sort_order given', () => {
    const now = new Date('2025-05-06T07:08:09Z')
    const payload = buildPortfolioUpdate(portfolioFormValues(item), item.sort_order, now)
    expect(payload.sort_order).toBe(3)
    expect(payload.updated_at).toBe('2025-05-06T07:08:09.000Z')
    expect(payload.images).toEqual(['/a.jpg', '/b.jpg', '/c.jpg'])
    expect(payload.image_alts).toEqual(['Bay window with blinds down', '', ''])
  })

  it('requires a title and at least one photo', () => {
    expect(isPortfolioComplete({ ...emptyPortfolioForm, title: 'A', photos: [{ url: ' ', alt: '', focus: '' }] })).toBe(false)
    expect(isPortfolioComplete({ ...emptyPortfolioForm, title: 'A', photos: [{ url: '/a.jpg', alt: '', focus: '' }] })).toBe(true)
  })
})

describe('portfolioFormValues', () => {
  it('loads every photo in order with its alt text, the main one first', () => {
    expect(portfolioFormValues(item).photos).toEqual([
      { url: '/a.jpg', alt: 'Bay window with blinds down', focus: '' },
      { url: '/b.jpg', alt: '', focus: '' },
      { url: '/c.jpg', alt: '', focus: '' },
    ])
    expect(portfolioFormValues({ ...item, images: null }).photos).toEqual([{ url: '/a.jpg', alt: '', focus: '' }])
  })
})
