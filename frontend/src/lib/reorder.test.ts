import { describe, expect, it } from 'vitest'
import { moveAnnouncement, moveItem, newSortOrder, sameOrder } from './reorder'

describe('moveItem', () => {
  it('moves an item up, down and to either end', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 2, 1)).toEqual(['a', 'c', 'b', 'd'])
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 3)).toEqual(['b', 'c', 'd', 'a'])
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c'])
  })

  it('clamps moves past the ends and ignores unknown positions, never changing the input', () => {
    const items = ['a', 'b', 'c']
    expect(moveItem(items, 0, -1)).toEqual(['a', 'b', 'c'])
    expect(moveItem(items, 2, 9)).toEqual(['a', 'b', 'c'])
    expect(moveItem(items, 5, 0)).toEqual(['a', 'b', 'c'])
    expect(items).toEqual(['a', 'b', 'c'])
  })
})

describe('sameOrder', () => {
  it('compares ids position by position', () => {
    expect(sameOrder([{ id: '1' }, { id: '2' }], [{ id: '1' }, { id: '2' }])).toBe(true)
    expect(sameOrder([{ id: '1' }, { id: '2' }], [{ id: '2' }, { id: '1' }])).toBe(false)
    expect(sameOrder([{ id: '1' }], [])).toBe(false)
  })
})

describe('newSortOrder', () => {
  it('puts a new item last by default (the current count) or before every other', () => {
    const items = [{ sort_order: 0 }, { sort_order: 1 }, { sort_order: 2 }]
    expect(newSortOrder(items, false)).toBe(3)
    expect(newSortOrder(items, true)).toBe(-1)
    expect(newSortOrder([{ sort_order: -4 }, { sort_order: null }], true)).toBe(-5)
    expect(newSortOrder([], true)).toBe(0)
  })
})

describe('moveAnnouncement', () => {
  it('says where the item is now', () => {
    expect(moveAnnouncement('Window Blinds', 1, 5)).toBe('Window Blinds moved to position 1 of 5.')
  })
})
