// A photo's focal point: the spot the owner picked (percent from its left and top edges)
// that a crop keeps in view. Stored as 'X Y' (whole percentages, empty for the centre);
// shown through CSS object-position, which places exactly that spot of the photo at the
// same spot of the box, so the crop never cuts it off while the photo covers the box.
import type { ImageLayout } from './image-urls'

export interface FocalPoint {
  /** Percent from the left edge, 0–100. */
  x: number
  /** Percent from the top edge, 0–100. */
  y: number
}

export const centre: FocalPoint = { x: 50, y: 50 }

const pattern = /^(100|[1-9]?[0-9]) (100|[1-9]?[0-9])$/

const clampPercent = (value: number) => Math.min(100, Math.max(0, Math.round(value)))

/** The stored value read back; anything empty or malformed is the centre. */
export function parseFocus(value: string | null | undefined): FocalPoint {
  const match = pattern.exec(value?.trim() ?? '')
  return match ? { x: Number(match[1]), y: Number(match[2]) } : centre
}

export function isCentre(point: FocalPoint): boolean {
  return point.x === centre.x && point.y === centre.y
}

/** What is stored: 'X Y', or empty for the centre (the default needs no value). */
export function formatFocus(point: FocalPoint): string {
  const x = clampPercent(point.x)
  const y = clampPercent(point.y)
  return isCentre({ x, y }) ? '' : `${x} ${y}`
}

/** The CSS object-position that keeps the point in view. */
export function objectPosition(point: FocalPoint): string {
  return `${clampPercent(point.x)}% ${clampPercent(point.y)}%`
}

/** The point under a click or tap at (clientX, clientY) on a box showing the whole photo. */
export function focusAt(box: { left: number; top: number; width: number; height: number }, clientX: number, clientY: number): FocalPoint {
  if (box.width <= 0 || box.height <= 0) return centre
  return { x: clampPercent(((clientX - box.left) / box.width) * 100), y: clampPercent(((clientY - box.top) / box.height) * 100) }
}

/** Arrow keys move the point 5% (Shift: 1%); Home puts it back in the centre. Null for other keys. */
export function nudgeFocus(point: FocalPoint, key: string, fine = false): FocalPoint | null {
  const step = fine ? 1 : 5
  switch (key) {
    case 'ArrowLeft':
      return { ...point, x: clampPercent(point.x - step) }
    case 'ArrowRight':
      return { ...point, x: clampPercent(point.x + step) }
    case 'ArrowUp':
      return { ...point, y: clampPercent(point.y - step) }
    case 'ArrowDown':
      return { ...point, y: clampPercent(point.y + step) }
    case 'Home':
      return centre
    default:
      return null
  }
}

/**
 * The layout to ask the image transform for. The transform crops around the photo's centre,
 * which would cut off a point near an edge before the page could show it; so a photo with a
 * focal point elsewhere comes whole (its own shape, the same widths) and the page crops it.
 */
export function layoutForFocus(layout: ImageLayout, point: FocalPoint): ImageLayout {
  if (isCentre(point) || layout.aspect === undefined) return layout
  return { ...layout, aspect: undefined }
}

/** Each photo's focal point, in the order of its images (missing entries: the centre). */
export function focusOf(points: readonly string[] | null | undefined, index: number): FocalPoint {
  return parseFocus(points?.[index])
}

/** A sentence for screen readers and the picker's label: '30% across, 70% down'. */
export function describeFocus(point: FocalPoint): string {
  return isCentre(point) ? 'centre' : `${clampPercent(point.x)}% across, ${clampPercent(point.y)}% down`
}
