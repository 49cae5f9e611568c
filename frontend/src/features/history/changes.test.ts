import { describe, expect, it } from 'vitest'
import { changedFields, itemName } from './changes'

describe('changedFields', () => {
  it('names the columns that differ, not the bookkeeping ones', () => {
    const before = { id: '1', title: 'A', subtitle: 'S', updated_at: '1', images: ['x'] }
    const after = { id: '1', title: 'B', subtitle: 'S', updated_at: '2', images: ['x', 'y'] }
    expect(changedFields(after, before)).toEqual(['title', 'photos'])
  })

  it('treats a missing value as null, and names unknown columns by their words', () => {
    expect(changedFields({ role: null, new_thing: 1 }, { new_thing: 0 })).toEqual(['new thing'])
  })

  it('lists every set column of a first version', () => {
    expect(changedFields({ id: '1', title: 'A', rating: 5 }, undefined)).toEqual(['title', 'rating'])
  })
})

describe('itemName', () => {
  it('takes the title, else the name', () => {
    expect(itemName({ title: 'Linen curtains' })).toBe('Linen curtains')
    expect(itemName({ title: ' ', name: 'Ada' })).toBe('Ada')
    expect(itemName({})).toBe('')
  })
})
