import { describe, expect, it } from 'vitest'
import { displayName, isCameraName, mediaPath, randomSuffix, slugify } from './media-names'

const now = new Date('2026-11-05T10:00:00Z')

describe('mediaPath', () => {
  it('files a photo by use, year and month, under its own readable name with a suffix', () => {
    expect(mediaPath({ folder: 'portfolio', fileName: 'Living Room Curtains.JPG', extension: 'jpg', now, suffix: '3f9a' })).toBe(
      'portfolio/2026/11/living-room-curtains-3f9a.jpg',
    )
  })

  it('names a camera photo after the content it is for', () => {
    expect(
      mediaPath({ folder: 'portfolio', fileName: 'IMG_2034.HEIC', extension: 'jpg', hint: 'Living room curtains', now, suffix: '0001' }),
    ).toBe('portfolio/2026/11/living-room-curtains-0001.jpg')
    expect(mediaPath({ folder: 'hero', fileName: 'PXL_20261101_093012.jpg', extension: 'jpg', now, suffix: 'beef' })).toBe(
      'hero/2026/11/pxl-20261101-093012-beef.jpg',
    )
  })

  it('falls back to "photo" when nothing readable is left', () => {
    expect(mediaPath({ folder: 'library', fileName: '❤️.png', extension: 'png', now, suffix: 'aaaa' })).toBe(
      'library/2026/11/photo-aaaa.png',
    )
  })
})

describe('slugify', () => {
  it('keeps letters and digits, drops accents, joins with hyphens', () => {
    expect(slugify('  Salle à manger — Rideaux (2) ')).toBe('salle-a-manger-rideaux-2')
    expect(slugify('a'.repeat(80))).toHaveLength(60)
    expect(slugify('../../etc/passwd')).toBe('etc-passwd')
  })
})

describe('isCameraName', () => {
  it('knows phone and camera names', () => {
    for (const name of ['IMG_2034', 'PXL_20261101_093012', 'DSC01234', '20261101_093012', 'IMG-20261101-WA0003']) {
      expect(isCameraName(name), name).toBe(true)
    }
    expect(isCameraName('living room')).toBe(false)
  })
})

describe('randomSuffix and displayName', () => {
  it('gives four hex digits', () => {
    expect(randomSuffix(() => 0)).toBe('0000')
    expect(randomSuffix(() => 0.99999)).toBe('ffff')
    expect(randomSuffix()).toMatch(/^[0-9a-f]{4}$/)
  })

  it('shows the last part of a path', () => {
    expect(displayName('portfolio/2026/11/a-1234.jpg')).toBe('a-1234.jpg')
  })
})
