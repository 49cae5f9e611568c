import { describe, expect, it } from 'vitest'
import { centre, describeFocus, focusAt, focusOf, formatFocus, layoutForFocus, nudgeFocus, objectPosition, parseFocus } from './focal-point'
import { cardLayout } from './layouts'

describe('focal point', () => {
  it('reads the stored value, the centre for anything else', () => {
    expect(parseFocus('30 70')).toEqual({ x: 30, y: 70 })
    expect(parseFocus(' 0 100 ')).toEqual({ x: 0, y: 100 })
    for (const bad of ['', null, undefined, '101 5', '-1 5', '30', '30% 70%', '3.5 7']) expect(parseFocus(bad)).toEqual(centre)
  })

  it('writes whole percentages, clamped, and nothing for the centre', () => {
    expect(formatFocus({ x: 30.4, y: 69.6 })).toBe('30 70')
    expect(formatFocus({ x: -8, y: 140 })).toBe('0 100')
    expect(formatFocus({ x: 50, y: 50 })).toBe('')
    expect(parseFocus(formatFocus({ x: 12, y: 88 }))).toEqual({ x: 12, y: 88 })
  })

  it('places the point through object-position', () => {
    expect(objectPosition({ x: 30, y: 70 })).toBe('30% 70%')
    expect(objectPosition(centre)).toBe('50% 50%')
  })

  it('finds the point under a tap on the whole photo', () => {
    const box = { left: 100, top: 50, width: 200, height: 100 }
    expect(focusAt(box, 150, 75)).toEqual({ x: 25, y: 25 })
    expect(focusAt(box, 400, 0)).toEqual({ x: 100, y: 0 })
    expect(focusAt({ left: 0, top: 0, width: 0, height: 0 }, 5, 5)).toEqual(centre)
  })

  it('moves by arrow keys, 5% or 1% with Shift, within the photo; Home recentres', () => {
    expect(nudgeFocus({ x: 50, y: 50 }, 'ArrowLeft')).toEqual({ x: 45, y: 50 })
    expect(nudgeFocus({ x: 50, y: 50 }, 'ArrowDown', true)).toEqual({ x: 50, y: 51 })
    expect(nudgeFocus({ x: 98, y: 2 }, 'ArrowRight')).toEqual({ x: 100, y: 2 })
    expect(nudgeFocus({ x: 98, y: 2 }, 'ArrowUp')).toEqual({ x: 98, y: 0 })
    expect(nudgeFocus({ x: 10, y: 10 }, 'Home')).toEqual(centre)
    expect(nudgeFocus(centre, 'Enter')).toBeNull()
  })

  it('asks the transform for the whole photo when the crop must follow a point off centre', () => {
    expect(layoutForFocus(cardLayout, centre)).toBe(cardLayout)
    const whole = layoutForFocus(cardLayout, { x: 20, y: 80 })
    expect(whole.aspect).toBeUndefined()
    expect(whole.widths).toEqual(cardLayout.widths)
  })

  it('reads each photo its own point, the centre when missing', () => {
    expect(focusOf(['', '20 30'], 1)).toEqual({ x: 20, y: 30 })
    expect(focusOf(['', '20 30'], 5)).toEqual(centre)
    expect(focusOf(null, 0)).toEqual(centre)
    expect(describeFocus({ x: 20, y: 30 })).toBe('20% across, 30% down')
    expect(describeFocus(centre)).toBe('centre')
  })
})
