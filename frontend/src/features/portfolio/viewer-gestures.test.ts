import { describe, expect, it } from 'vitest'
import {
  clampView,
  containedSize,
  fitted,
  isDoubleTap,
  maxScale,
  panView,
  pinchView,
  swipeDirection,
  toggleZoom,
  zoomAbout,
} from './viewer-gestures'

const stage = { width: 400, height: 800 }
// A landscape photo shown whole on a phone: full width, a band in the middle.
const photo = { width: 400, height: 300 }

describe('viewer gestures', () => {
  it('keeps a fitted photo centred and a zoomed one inside its overflow', () => {
    expect(clampView({ scale: 1, x: 30, y: -20 }, stage, photo)).toEqual(fitted)
    // At 2x the photo is 800×600: 200 px spare each side horizontally, none vertically.
    expect(clampView({ scale: 2, x: 500, y: 90 }, stage, photo)).toEqual({ scale: 2, x: 200, y: 0 })
    expect(clampView({ scale: 9, x: 0, y: 0 }, stage, photo).scale).toBe(maxScale)
    expect(clampView({ scale: 0.2, x: 0, y: 0 }, stage, photo).scale).toBe(1)
  })

  it('zooms about a point so the spot under it stays there', () => {
    const view = zoomAbout(fitted, 2, { x: 100, y: 0 }, stage, photo)
    // The spot 100 px right of centre was photo x = 100; at 2x it sits at 2*100 + x = 100.
    expect(view).toEqual({ scale: 2, x: -100, y: 0 })
  })

  it('pinches: fingers twice as far apart double the scale, and the photo follows their midpoint', () => {
    const start = { view: fitted, distance: 100, midpoint: { x: 0, y: 0 } }
    expect(pinchView(start, 200, { x: 0, y: 0 }, stage, photo)).toEqual({ scale: 2, x: 0, y: 0 })
    expect(pinchView(start, 200, { x: 50, y: 0 }, stage, photo)).toEqual({ scale: 2, x: 50, y: 0 })
    // Pinching in past the whole photo stops at the whole photo.
    expect(
      pinchView({ view: { scale: 2, x: 40, y: 0 }, distance: 200, midpoint: { x: 0, y: 0 } }, 20, { x: 0, y: 0 }, stage, photo),
    ).toEqual(fitted)
  })

  it('double tap zooms in at the tap, and back out', () => {
    const zoomed = toggleZoom(fitted, { x: 80, y: 0 }, stage, photo)
    expect(zoomed.scale).toBe(2.5)
    expect(zoomed.x).toBe(80 - 80 * 2.5)
    expect(toggleZoom(zoomed, { x: 0, y: 0 }, stage, photo)).toEqual(fitted)
  })

  it('pans a zoomed photo within its edges', () => {
    const zoomed = { scale: 2, x: 0, y: 0 }
    expect(panView(zoomed, -150, 40, stage, photo)).toEqual({ scale: 2, x: -150, y: 0 })
    expect(panView(zoomed, -999, 0, stage, photo).x).toBe(-200)
  })

  it('reads a sideways stroke as a swipe, and not a short or vertical one', () => {
    expect(swipeDirection({ x: 300, y: 400 }, { x: 100, y: 420 })).toBe('next')
    expect(swipeDirection({ x: 100, y: 400 }, { x: 300, y: 380 })).toBe('previous')
    expect(swipeDirection({ x: 100, y: 400 }, { x: 130, y: 400 })).toBeNull()
    expect(swipeDirection({ x: 100, y: 100 }, { x: 180, y: 400 })).toBeNull()
  })

  it('tells a double tap from two separate taps', () => {
    const first = { at: { x: 10, y: 10 }, time: 1000 }
    expect(isDoubleTap(null, first)).toBe(false)
    expect(isDoubleTap(first, { at: { x: 14, y: 12 }, time: 1200 })).toBe(true)
    expect(isDoubleTap(first, { at: { x: 14, y: 12 }, time: 1400 })).toBe(false)
    expect(isDoubleTap(first, { at: { x: 200, y: 12 }, time: 1100 })).toBe(false)
  })

  it('sizes a photo shown whole in the stage', () => {
    expect(containedSize({ width: 4000, height: 3000 }, stage)).toEqual({ width: 400, height: 300 })
    expect(containedSize({ width: 3000, height: 4000 }, { width: 1280, height: 800 })).toEqual({ width: 600, height: 800 })
    expect(containedSize({ width: 0, height: 0 }, stage)).toEqual(stage)
  })
})
