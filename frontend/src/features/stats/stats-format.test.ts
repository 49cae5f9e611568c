import { describe, expect, it } from 'vitest'
import { busiestDay, dayLabel, pageLabel, sourceLabel, splitPeriods } from './stats-format'
import { statsTexts } from './texts'

const day = (n: number, views = 0) => ({ day: `2026-11-${String(n).padStart(2, '0')}`, views, visits: 0, enquiries: 0 })

describe('splitPeriods', () => {
  it('pairs the current days with the same number before them', () => {
    const daily = Array.from({ length: 6 }, (_, i) => day(i + 1, i))
    const { current, previous } = splitPeriods(daily, 3)
    expect(current.map((d) => d.day)).toEqual(['2026-11-04', '2026-11-05', '2026-11-06'])
    expect(previous.map((d) => d.day)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03'])
  })
})

describe('labels', () => {
  it('names a UTC day in en-US', () => {
    expect(dayLabel('2026-11-03')).toBe('Nov 3')
  })
  it('names the direct and capped sources and known pages', () => {
    expect(sourceLabel('')).toBe(statsTexts.direct)
    expect(sourceLabel('other')).toBe(statsTexts.otherSources)
    expect(sourceLabel('google.com')).toBe('google.com')
    expect(pageLabel('/')).toBe('Home')
    expect(pageLabel('other')).toBe('Pages that do not exist')
  })
})

describe('busiestDay', () => {
  it('is the latest day with the most views, or none without views', () => {
    expect(busiestDay([day(1, 3), day(2, 5), day(3, 5)])?.day).toBe('2026-11-03')
    expect(busiestDay([day(1), day(2)])).toBeNull()
  })
})

describe('change', () => {
  it('says up, down, no change or new', () => {
    expect(statsTexts.change(150, 100)).toBe('Up 50%')
    expect(statsTexts.change(50, 100)).toBe('Down 50%')
    expect(statsTexts.change(100, 100)).toBe('No change')
    expect(statsTexts.change(3, 0)).toBe('New')
    expect(statsTexts.change(0, 0)).toBe('No change')
  })
})
