import { describe, expect, it } from 'vitest'
import { addPhotos, galleryFields, keyboardTarget, makeCover, movePhoto, photoAlt, photosOf, removePhoto } from './gallery-order'

const p = (url: string, alt = '', focus = '') => ({ url, alt, focus })

describe('gallery ordering', () => {
  it('moves a photo to another place, clamped to the list', () => {
    expect(movePhoto(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a'])
    expect(movePhoto(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b'])
    expect(movePhoto(['a', 'b', 'c'], 1, 99)).toEqual(['a', 'c', 'b'])
    expect(movePhoto(['a', 'b'], 5, 0)).toEqual(['a', 'b'])
  })

  it('makes a photo the cover and keeps the others in order', () => {
    expect(makeCover(['a', 'b', 'c', 'd'], 2)).toEqual(['c', 'a', 'b', 'd'])
  })

  it('removes one photo', () => {
    expect(removePhoto(['a', 'b', 'c'], 1)).toEqual(['a', 'c'])
  })

  it('adds photos at the end, once each', () => {
    expect(addPhotos([p('a')], ['b', ' a ', 'b', '', 'c'])).toEqual([p('a'), p('b'), p('c')])
  })

  it('moves by keyboard: arrows one place, Home and End to the ends', () => {
    expect(keyboardTarget('ArrowLeft', 1, 3)).toBe(0)
    expect(keyboardTarget('ArrowUp', 0, 3)).toBeNull()
    expect(keyboardTarget('ArrowRight', 1, 3)).toBe(2)
    expect(keyboardTarget('ArrowDown', 2, 3)).toBeNull()
    expect(keyboardTarget('Home', 2, 3)).toBe(0)
    expect(keyboardTarget('End', 0, 3)).toBe(2)
    expect(keyboardTarget('Enter', 0, 3)).toBeNull()
  })
})

describe('photosOf and galleryFields', () => {
  it('reads images with their alts, main first', () => {
    expect(photosOf({ image_url: 'a', images: ['a', 'b'], image_alts: ['A'] })).toEqual([p('a', 'A'), p('b')])
  })

  it('puts a main image missing from images first, and moves a misplaced one to the front', () => {
    expect(photosOf({ image_url: 'm', images: ['b'] })).toEqual([p('m'), p('b')])
    expect(photosOf({ image_url: 'b', images: ['a', 'b'], image_alts: ['A', 'B'] })).toEqual([p('b', 'B'), p('a', 'A')])
    expect(photosOf({ image_url: 'm', images: null })).toEqual([p('m')])
  })

  it('saves the cover as image_url and every photo in order with its alt', () => {
    expect(galleryFields([p(' c ', ' Cover '), p('a'), p('  ')])).toEqual({
      image_url: 'c',
      images: ['c', 'a'],
      image_alts: ['Cover', ''],
      image_focus: ['', ''],
    })
    expect(galleryFields([])).toEqual({ image_url: '', images: [], image_alts: [], image_focus: [] })
  })

  it('keeps each photo with its focal point through reading, moving and saving', () => {
    const photos = photosOf({ image_url: 'b', images: ['a', ' ', 'b'], image_alts: ['A', '', 'B'], image_focus: ['10 20', '', '80 30'] })
    expect(photos).toEqual([p('b', 'B', '80 30'), p('a', 'A', '10 20')])
    expect(galleryFields(movePhoto(photos, 0, 1)).image_focus).toEqual(['10 20', '80 30'])
    // A malformed or centred point is saved as the centre (empty).
    expect(galleryFields([p('a', '', '50 50'), p('b', '', 'left')]).image_focus).toEqual(['', ''])
  })

  it('defaults a photo alt to the project title and its place', () => {
    expect(photoAlt('Loft', ['', 'Pleated linen'], 1, 3)).toBe('Pleated linen')
    expect(photoAlt('Loft', [], 0, 3)).toBe('Loft, photo 1 of 3')
    expect(photoAlt('Loft', null, 0, 1)).toBe('Loft, photo 1 of 1')
    expect(photoAlt('Loft', null, 0)).toBe('Loft')
  })
})
