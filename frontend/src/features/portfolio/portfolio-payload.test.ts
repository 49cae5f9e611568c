import { describe, expect, it } from 'vitest'
import {
  addImageRow,
  buildImages,
  buildPortfolioPayload,
  buildPortfolioUpdate,
  emptyPortfolioForm,
  isPortfolioComplete,
  portfolioFormValues,
  removeImageRow,
} from './portfolio-payload'
import type { PortfolioItem } from './types'

const item: PortfolioItem = {
  id: 'p1',
  title: 'Bay window',
  category: 'blinds',
  description: '<p>Hi</p>',
  image_url: '/a.jpg',
  images: ['/a.jpg', '/b.jpg', '/c.jpg'],
  featured: true,
  sort_order: 3,
  updated_at: null,
}

describe('buildImages', () => {
  it('puts the main image first, trims, and drops empty rows', () => {
    expect(buildImages(' /main.jpg ', ['', ' /two.jpg ', '   ', '/three.jpg'])).toEqual(['/main.jpg', '/two.jpg', '/three.jpg'])
    expect(buildImages('/main.jpg', [''])).toEqual(['/main.jpg'])
  })
})

describe('portfolio payloads', () => {
  it('a new item starts as curtains, not featured, with one empty image row', () => {
    expect(emptyPortfolioForm).toMatchObject({ category: 'curtains', featured: false, additionalImages: [''] })
  })

  it('insert: the spec fields, sort_order = the current count', () => {
    const payload = buildPortfolioPayload(
      {
        title: ' Study blinds ',
        imageUrl: ' https://img.example/1.jpg ',
        additionalImages: ['https://img.example/2.jpg', ''],
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
  })

  it('requires a title and a main image', () => {
    expect(isPortfolioComplete({ ...emptyPortfolioForm, title: 'A', imageUrl: ' ' })).toBe(false)
    expect(isPortfolioComplete({ ...emptyPortfolioForm, title: 'A', imageUrl: '/a.jpg' })).toBe(true)
  })
})

describe('portfolioFormValues', () => {
  it('loads every image but the main one into the rows', () => {
    expect(portfolioFormValues(item).additionalImages).toEqual(['/b.jpg', '/c.jpg'])
  })

  it('gives one empty row when there are no other images', () => {
    expect(portfolioFormValues({ ...item, images: ['/a.jpg'] }).additionalImages).toEqual([''])
    expect(portfolioFormValues({ ...item, images: null }).additionalImages).toEqual([''])
  })
})

describe('image rows', () => {
  it('adds an empty row and removes the chosen one', () => {
    expect(addImageRow(['/a.jpg'])).toEqual(['/a.jpg', ''])
    expect(removeImageRow(['/a.jpg', '/b.jpg', '/c.jpg'], 1)).toEqual(['/a.jpg', '/c.jpg'])
  })

  it('never removes the last row', () => {
    expect(removeImageRow(['/a.jpg'], 0)).toEqual(['/a.jpg'])
  })
})
