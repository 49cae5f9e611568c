// The photo viewer's gestures as plain arithmetic: the zoom and pan of the photo (`View`),
// a pinch of two fingers, a double tap or click, a drag of the zoomed photo, and whether a
// one-finger stroke was a swipe to the next or previous photo. The component feeds it
// pointer positions; nothing here reads the page.

export interface View {
  scale: number
  /** Pan of the photo's centre from the stage's centre, in CSS pixels. */
  x: number
  y: number
}

export interface Point {
  x: number
  y: number
}

export interface Size {
  width: number
  height: number
}

export const minScale = 1
export const maxScale = 4
/** What a double tap zooms to. */
export const tapZoom = 2.5

export const fitted: View = { scale: 1, x: 0, y: 0 }

/**
 * Keeps the zoomed photo covering the stage where it can: it may move only as far as its
 * overflow on each side (none at scale 1, so a fitted photo sits centred).
 */
export function clampView(view: View, stage: Size, photo: Size): View {
  const scale = Math.min(maxScale, Math.max(minScale, view.scale))
  const limitX = Math.max(0, (photo.width * scale - stage.width) / 2)
  const limitY = Math.max(0, (photo.height * scale - stage.height) / 2)
  // `+ 0` turns a clamped -0 into 0.
  const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value)) + 0
  return { scale, x: clamp(view.x, limitX), y: clamp(view.y, limitY) }
}

/**
 * The view after zooming to `scale` about `focus` (a point of the stage, from its centre):
 * the spot of the photo under the focus stays under it.
 */
export function zoomAbout(view: View, scale: number, focus: Point, stage: Size, photo: Size): View {
  const next = Math.min(maxScale, Math.max(minScale, scale))
  const ratio = next / view.scale
  return clampView({ scale: next, x: focus.x - (focus.x - view.x) * ratio, y: focus.y - (focus.y - view.y) * ratio }, stage, photo)
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y)
}

export function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }
}

export interface PinchStart {
  view: View
  distance: number
  midpoint: Point
}

/**
 * Two fingers that started at `start` are now `distance` apart around `centre`: the photo
 * scales by the change of distance about where the fingers began, and follows their
 * midpoint as it moves.
 */
export function pinchView(start: PinchStart, distanceNow: number, centreNow: Point, stage: Size, photo: Size): View {
  if (start.distance <= 0) return start.view
  const zoomed = zoomAbout(start.view, (start.view.scale * distanceNow) / start.distance, start.midpoint, stage, photo)
  return clampView({ ...zoomed, x: zoomed.x + centreNow.x - start.midpoint.x, y: zoomed.y + centreNow.y - start.midpoint.y }, stage, photo)
}

/** A double tap zooms in about the tapped spot, or back to the whole photo when zoomed. */
export function toggleZoom(view: View, at: Point, stage: Size, photo: Size): View {
  return view.scale > minScale ? fitted : zoomAbout(view, tapZoom, at, stage, photo)
}

/** A drag of one finger (or the mouse) moves a zoomed photo. */
export function panView(view: View, dx: number, dy: number, stage: Size, photo: Size): View {
  return clampView({ ...view, x: view.x + dx, y: view.y + dy }, stage, photo)
}

/** How far a finger must travel sideways for a swipe (and for a tap to stop being one). */
export const swipeDistance = 50
export const tapSlop = 10
/** Two taps this close in time and place are a double tap. */
export const doubleTapMs = 300

/**
 * A stroke from `from` to `to` on a photo that is not zoomed: 'next' for a swipe to the
 * left, 'previous' to the right, null when it was short or mostly vertical.
 */
export function swipeDirection(from: Point, to: Point): 'next' | 'previous' | null {
  const dx = to.x - from.x
  const dy = to.y - from.y
  if (Math.abs(dx) < swipeDistance || Math.abs(dx) < Math.abs(dy) * 1.5) return null
  return dx < 0 ? 'next' : 'previous'
}

export interface Tap {
  at: Point
  time: number
}

/** Whether a tap follows `previous` closely enough to make a double tap. */
export function isDoubleTap(previous: Tap | null, tap: Tap): boolean {
  return previous !== null && tap.time - previous.time <= doubleTapMs && distance(previous.at, tap.at) <= tapSlop * 3
}

/** The size of a photo of `natural` size shown whole (contained) in `stage`. */
export function containedSize(natural: Size, stage: Size): Size {
  if (natural.width <= 0 || natural.height <= 0) return stage
  const ratio = Math.min(stage.width / natural.width, stage.height / natural.height)
  return { width: natural.width * ratio, height: natural.height * ratio }
}
