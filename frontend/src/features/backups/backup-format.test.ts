import { describe, expect, it } from 'vitest'
import { exactSize, formatSize, formatWhen } from './backup-format'

// Local times, as the owner's browser shows them.
const at = (y: number, m: number, d: number, h: number, min: number) => new Date(y, m - 1, d, h, min).toISOString()
const now = new Date(2026, 10, 26, 14, 30)

describe('formatWhen', () => {
  it('names today, yesterday and tomorrow, with a 24-hour time', () => {
    expect(formatWhen(at(2026, 11, 26, 3, 0), now)).toBe('Today at 03:00')
    expect(formatWhen(at(2026, 11, 25, 21, 15), now)).toBe('Yesterday at 21:15')
    expect(formatWhen(at(2026, 11, 27, 3, 0), now)).toBe('Tomorrow at 03:00')
  })

  it('shows other days by weekday and date, and the year only when it is not this one', () => {
    expect(formatWhen(at(2026, 11, 23, 3, 5), now)).toBe('Mon, Nov 23 at 03:05')
    expect(formatWhen(at(2025, 12, 31, 23, 59), now)).toBe('Dec 31, 2025 at 23:59')
  })

  it('counts calendar days, not 24-hour spans', () => {
    const lateNight = new Date(2026, 10, 26, 23, 50)
    expect(formatWhen(at(2026, 11, 27, 0, 10), lateNight)).toBe('Tomorrow at 00:10')
    expect(formatWhen(at(2026, 11, 25, 0, 1), lateNight)).toBe('Yesterday at 00:01')
  })

  it('passes on what is not a time', () => {
    expect(formatWhen('soon', now)).toBe('soon')
  })
})

describe('formatSize', () => {
  it('says bytes, KB, MB and GB, one decimal below ten', () => {
    expect(formatSize(0)).toBe('0 bytes')
    expect(formatSize(1)).toBe('1 byte')
    expect(formatSize(1023)).toBe('1023 bytes')
    expect(formatSize(1024)).toBe('1.0 KB')
    expect(formatSize(1536)).toBe('1.5 KB')
    expect(formatSize(840 * 1024)).toBe('840 KB')
    expect(formatSize(12.4 * 1024 * 1024)).toBe('12 MB')
    expect(formatSize(3.25 * 1024 * 1024)).toBe('3.3 MB')
    expect(formatSize(2 * 1024 ** 3)).toBe('2.0 GB')
  })

  it('moves up a unit rather than showing 1024 of one', () => {
    expect(formatSize(1024 * 1024 - 1)).toBe('1.0 MB')
  })

  it('gives the exact count for the tooltip', () => {
    expect(exactSize(1234567)).toBe('1,234,567 bytes')
  })
})
