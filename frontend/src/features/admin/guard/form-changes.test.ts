import { describe, expect, it } from 'vitest'
import { hasChanges } from './form-changes'

describe('hasChanges', () => {
  const initial = { title: 'Linen', featured: false, rating: 5, images: ['a.jpg', ''] }

  it('is false for the values the form opened with, even as a copy', () => {
    expect(hasChanges(initial, { ...initial, images: [...initial.images] })).toBe(false)
  })

  it('sees a changed text, flag, number or list', () => {
    expect(hasChanges(initial, { ...initial, title: 'Linen ' })).toBe(true)
    expect(hasChanges(initial, { ...initial, featured: true })).toBe(true)
    expect(hasChanges(initial, { ...initial, rating: 4 })).toBe(true)
    expect(hasChanges(initial, { ...initial, images: ['a.jpg'] })).toBe(true)
    expect(hasChanges(initial, { ...initial, images: ['a.jpg', 'b.jpg'] })).toBe(true)
  })

  it('is false again once a change is typed back', () => {
    const edited = { ...initial, title: 'Linen drapes' }
    expect(hasChanges(initial, edited)).toBe(true)
    expect(hasChanges(initial, { ...edited, title: 'Linen' })).toBe(false)
  })

  it("treats the rich-text editor's empty paragraph as empty", () => {
    expect(hasChanges({ description: '' }, { description: '<p><br></p>' })).toBe(false)
    expect(hasChanges({ description: '' }, { description: '<p>Hi</p>' })).toBe(true)
  })
})
