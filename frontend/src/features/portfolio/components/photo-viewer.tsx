// The full-screen photo viewer opened from the project popup: the whole photo (never
// cropped) on black, its caption (the owner's alt text) below, swipe or arrows for the next
// one, pinch, double tap, the wheel or + and − to zoom, a drag to look around a zoomed
// photo, Escape or the close button to go back. It is a modal layer over the popup: the
// rest of the page is inert while it shows, and focus returns to what opened it.
import { ChevronLeft, ChevronRight, Minus, Plus, X } from 'lucide-react'
import { useEffect, useId, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'
import { createPortal } from 'react-dom'
import { useInertSiblings } from '@/components/ui/dialog'
import { cn } from '@/lib/cn'
import { SiteImage } from '@/features/media/components/site-image'
import { viewerLayout } from '@/features/media/layouts'
import { formatCounter, nextIndex, previousIndex } from '../gallery'
import { viewerTexts as t } from '../viewer-texts'
import {
  containedSize,
  distance,
  fitted,
  isDoubleTap,
  midpoint,
  panView,
  pinchView,
  swipeDirection,
  tapSlop,
  toggleZoom,
  zoomAbout,
  type PinchStart,
  type Point,
  type Size,
  type Tap,
  type View,
} from '../viewer-gestures'

export interface ViewerPhoto {
  src: string
  alt: string
  /** The owner's own text for the photo; empty shows no caption. */
  caption: string
}

interface PhotoViewerProps {
  title: string
  photos: readonly ViewerPhoto[]
  index: number
  onIndexChange: (index: number) => void
  onClose: () => void
}

const controlClass =
  'inline-flex size-11 cursor-pointer items-center justify-center rounded-full bg-white/10 text-white transition hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary disabled:cursor-default disabled:opacity-40'

interface Stroke {
  start: Point
  last: Point
  /** A second finger joined: this is a pinch, not a swipe or a tap. */
  multi: boolean
  /** It began on a button over the photo. */
  onControl: boolean
}

export function PhotoViewer({ title, photos, index, onIndexChange, onClose }: PhotoViewerProps) {
  const labelId = useId()
  const captionId = useId()
  const [portal] = useState(() => document.createElement('div'))
  const closeRef = useRef<HTMLButtonElement>(null)
  const stageRef = useRef<HTMLDivElement>(null)
  const [view, setView] = useState<View>(fitted)
  const [natural, setNatural] = useState<Size>({ width: 0, height: 0 })
  const [gesturing, setGesturing] = useState(false)
  const pointers = useRef(new Map<number, Point>())
  const stroke = useRef<Stroke | null>(null)
  const pinch = useRef<PinchStart | null>(null)
  const lastTap = useRef<Tap | null>(null)
  const total = photos.length
  const photo = photos[index]

  // Each photo starts whole.
  const [shown, setShown] = useState(index)
  if (shown !== index) {
    setShown(index)
    setView(fitted)
    setNatural({ width: 0, height: 0 })
  }

  useLayoutEffect(() => {
    document.body.appendChild(portal)
    return () => portal.remove()
  }, [portal])
  useInertSiblings(true, portal)

  const latest = useRef({ index, total, onIndexChange, onClose, view })
  useLayoutEffect(() => {
    latest.current = { index, total, onIndexChange, onClose, view }
  })

  // The stage's size and the photo's shown size, read when a gesture needs them.
  function sizes(): { stage: Size; photo: Size } {
    const box = stageRef.current?.getBoundingClientRect()
    const stage = { width: box?.width ?? 0, height: box?.height ?? 0 }
    return { stage, photo: containedSize(natural, stage) }
  }
  const sizesRef = useRef(sizes)
  useLayoutEffect(() => {
    sizesRef.current = sizes
  })

  /** A point of the page, from the stage's centre. */
  function fromCentre(clientX: number, clientY: number): Point {
    const box = stageRef.current?.getBoundingClientRect()
    if (!box) return { x: 0, y: 0 }
    return { x: clientX - box.left - box.width / 2, y: clientY - box.top - box.height / 2 }
  }

  function zoomBy(factor: number, at: Point = { x: 0, y: 0 }) {
    const { stage, photo: shownPhoto } = sizesRef.current()
    setView((current) => zoomAbout(current, current.scale * factor, at, stage, shownPhoto))
  }
  const zoomByRef = useRef(zoomBy)
  useLayoutEffect(() => {
    zoomByRef.current = zoomBy
  })

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    closeRef.current?.focus({ preventScroll: true })
    // Capture on the window: the popup under the viewer listens on the document for the
    // same keys (Escape closes it, arrows move its gallery); they are the viewer's now.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return
      const { index: at, total: count, onIndexChange: go, onClose: close } = latest.current
      let handled = true
      if (event.key === 'Escape') close()
      else if (event.key === 'ArrowLeft' && count > 1) go(previousIndex(at, count))
      else if (event.key === 'ArrowRight' && count > 1) go(nextIndex(at, count))
      else if (event.key === '+' || event.key === '=') zoomByRef.current(1.5)
      else if (event.key === '-' || event.key === '_') zoomByRef.current(1 / 1.5)
      else if (event.key === '0') setView(fitted)
      else handled = false
      if (!handled) return
      event.preventDefault()
      event.stopPropagation()
    }
    window.addEventListener('keydown', onKeyDown, true)
    return () => {
      window.removeEventListener('keydown', onKeyDown, true)
      opener?.focus({ preventScroll: true })
    }
  }, [])

  // The wheel (and a trackpad's pinch, which arrives as a wheel with Ctrl) zooms; a
  // listener that may cancel it, so the page itself is never zoomed.
  useEffect(() => {
    const stage = stageRef.current
    if (!stage) return
    const onWheel = (event: WheelEvent) => {
      event.preventDefault()
      const box = stage.getBoundingClientRect()
      const at = { x: event.clientX - box.left - box.width / 2, y: event.clientY - box.top - box.height / 2 }
      zoomByRef.current(Math.exp(-event.deltaY / 300), at)
    }
    stage.addEventListener('wheel', onWheel, { passive: false })
    return () => stage.removeEventListener('wheel', onWheel)
  }, [])

  function onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    if (event.pointerType === 'mouse' && event.button !== 0) return
    // The arrows on the stage are buttons: a click on one is theirs, but a finger that
    // lands on one and swipes is still a swipe (a tap there never counts as a tap on the photo).
    const onControl = event.target instanceof Element && event.target.closest('button') !== null
    if (onControl && event.pointerType === 'mouse') return
    if (!onControl) event.currentTarget.setPointerCapture(event.pointerId)
    const point = fromCentre(event.clientX, event.clientY)
    pointers.current.set(event.pointerId, point)
    setGesturing(true)
    const [a, b] = [...pointers.current.values()]
    if (b) {
      pinch.current = { view, distance: distance(a, b), midpoint: midpoint(a, b) }
      if (stroke.current) stroke.current.multi = true
    } else {
      stroke.current = { start: point, last: point, multi: false, onControl }
    }
  }

  function onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
    if (!pointers.current.has(event.pointerId)) return
    const point = fromCentre(event.clientX, event.clientY)
    pointers.current.set(event.pointerId, point)
    const { stage, photo: shownPhoto } = sizes()
    const [a, b] = [...pointers.current.values()]
    if (b && pinch.current) {
      setView(pinchView(pinch.current, distance(a, b), midpoint(a, b), stage, shownPhoto))
    } else if (stroke.current && !stroke.current.multi) {
      const last = stroke.current.last
      stroke.current.last = point
      if (view.scale > 1) setView((current) => panView(current, point.x - last.x, point.y - last.y, stage, shownPhoto))
    }
  }

  function onPointerEnd(event: ReactPointerEvent<HTMLDivElement>) {
    if (!pointers.current.delete(event.pointerId)) return
    const point = fromCentre(event.clientX, event.clientY)
    if (pointers.current.size === 1) {
      // One finger of a pinch lifted: the other may go on to pan from here.
      pinch.current = null
      return
    }
    if (pointers.current.size > 0) return
    setGesturing(false)
    const current = stroke.current
    stroke.current = null
    pinch.current = null
    if (!current || current.multi || event.type === 'pointercancel') return
    const moved = distance(current.start, point)
    if (view.scale === 1 && total > 1) {
      const direction = swipeDirection(current.start, point)
      if (direction) {
        onIndexChange(direction === 'next' ? nextIndex(index, total) : previousIndex(index, total))
        lastTap.current = null
        return
      }
    }
    if (moved > tapSlop || current.onControl) return
    const tap = { at: point, time: event.timeStamp }
    if (isDoubleTap(lastTap.current, tap)) {
      const { stage, photo: shownPhoto } = sizes()
      setView((now) => toggleZoom(now, point, stage, shownPhoto))
      lastTap.current = null
    } else {
      lastTap.current = tap
    }
  }

  if (!photo) return null
  const zoomed = view.scale > 1
  return createPortal(
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={labelId}
      aria-describedby={photo.caption ? captionId : undefined}
      data-testid="photo-viewer"
      className="animate-fade-in fixed inset-0 z-[60] flex flex-col bg-black text-white"
    >
      <h2 id={labelId} className="sr-only">
        {t.dialogLabel(title)}
      </h2>
      <div className="flex items-center gap-2 p-3">
        <span data-testid="viewer-counter" aria-live="polite" className="px-2 text-sm font-semibold tabular-nums">
          {formatCounter(index, total)}
        </span>
        <p className="sr-only">{t.hint}</p>
        <div className="ml-auto flex items-center gap-2">
          <button type="button" className={controlClass} aria-label={t.zoomOut} disabled={!zoomed} onClick={() => zoomBy(1 / 1.5)}>
            <Minus aria-hidden="true" className="size-5" />
          </button>
          <button type="button" className={controlClass} aria-label={t.zoomIn} disabled={view.scale >= 4} onClick={() => zoomBy(1.5)}>
            <Plus aria-hidden="true" className="size-5" />
          </button>
          <button ref={closeRef} type="button" className={controlClass} aria-label={t.close} onClick={onClose}>
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>
      <div
        ref={stageRef}
        data-testid="viewer-stage"
        data-scale={view.scale.toFixed(2)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        className={cn('relative min-h-0 flex-1 touch-none overflow-hidden select-none', zoomed ? 'cursor-grab' : 'cursor-zoom-in')}
      >
        <SiteImage
          key={photo.src}
          src={photo.src}
          alt={photo.alt}
          layout={viewerLayout}
          draggable={false}
          onLoad={(event) => setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
          className={cn('size-full object-contain', !gesturing && 'transition-transform duration-200')}
        />
        {total > 1 && (
          <>
            <button
              type="button"
              onClick={() => onIndexChange(previousIndex(index, total))}
              aria-label={t.previous}
              className={cn(controlClass, 'absolute top-1/2 left-3 -translate-y-1/2 bg-black/50')}
            >
              <ChevronLeft aria-hidden="true" className="size-6" />
            </button>
            <button
              type="button"
              onClick={() => onIndexChange(nextIndex(index, total))}
              aria-label={t.next}
              className={cn(controlClass, 'absolute top-1/2 right-3 -translate-y-1/2 bg-black/50')}
            >
              <ChevronRight aria-hidden="true" className="size-6" />
            </button>
          </>
        )}
      </div>
      <div className="min-h-12 px-4 py-3 text-center text-sm text-slate-200">
        {photo.caption && (
          <p id={captionId} data-testid="viewer-caption" className="mx-auto max-w-3xl">
            {photo.caption}
          </p>
        )}
      </div>
    </div>,
    portal,
  )
}
