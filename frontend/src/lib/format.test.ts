import { describe, expect, it } from 'vitest'
import { formatCategoryLabel, formatPhotoCount, htmlToPlainText, initialOf } from './format'

describe('formatCategoryLabel', () => {
  it.each([
    ['curtains', 'Curtains'],
    ['blinds', 'Blinds'],
    ['furniture-covers', 'Furniture Covers'],
    ['other', 'Other'],
    ['made-to-measure-roman-blinds', 'Made To Measure Roman Blinds'],
    ['', ''],
  ])('%j -> %j', (category, label) => {
    expect(formatCategoryLabel(category)).toBe(label)
  })

  it('copes with missing values', () => {
    expect(formatCategoryLabel(null)).toBe('')
    expect(formatCategoryLabel(undefined)).toBe('')
  })
})

describe('htmlToPlainText', () => {
  it('keeps the words apart across blocks and list items', () => {
    expect(htmlToPlainText('<p>Floor <strong>drapes</strong>.</p><ul><li>One</li><li>Two</li></ul><h3>Next</h3>')).toBe(
      'Floor drapes. One Two Next',
    )
  })

  it('decodes entities and never runs what is inside', () => {
    let ran = false
    ;(window as unknown as { pwn: () => void }).pwn = () => (ran = true)
    expect(htmlToPlainText('<p>Tom &amp; Jerry</p><img src=x onerror="pwn()"><script>pwn()</script>')).toBe('Tom & Jerry pwn()')
    expect(ran).toBe(false)
  })

  it('is empty for nothing', () => {
    expect(htmlToPlainText(null)).toBe('')
  })
})

describe('initialOf and formatPhotoCount', () => {
  it('gives an upper-case initial', () => {
    expect(initialOf(' sarah')).toBe('S')
    expect(initialOf('')).toBe('?')
  })

  it('counts photos', () => {
    expect(formatPhotoCount(1)).toBe('1 Photo')
    expect(formatPhotoCount(3)).toBe('3 Photos')
  })
})
