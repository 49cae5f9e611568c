// The admin's focal point picker: the whole photo (never cropped) with a marker on the
// spot the crops keep in view. A tap or click on the photo moves the marker there; arrow
// keys move it (Shift: finer), Home recentres. The value is the stored 'X Y' text.
import { useRef, useState, type PointerEvent } from 'react'
import { cn } from '@/lib/cn'
import { describeFocus, focusAt, formatFocus, nudgeFocus, parseFocus } from '../focal-point'
import { adminPickerLayout } from '../layouts'
import { mediaTexts } from '../texts'
import { SiteImage } from './site-image'

interface FocalPointPickerProps {
  src: string
  /** Stored focal point ('X Y'; empty: the centre). */
  value: string
  onChange: (value: string) => void
  /** What the photo is, for the control's name: 'photo 2', 'the background photo'. */
  what: string
  className?: string
}

interface Size {
  width: number
  height: number
}

/** Where the whole photo sits inside its box (object-fit: contain centres it). */
function photoRect(box: DOMRect, natural: Size) {
  if (natural.width <= 0 || natural.height <= 0) return box
  const ratio = Math.min(box.width / natural.width, box.height / natural.height)
  const width = natural.width * ratio
  const height = natural.height * ratio
  return { left: box.left + (box.width - width) / 2, top: box.top + (box.height - height) / 2, width, height }
}

export function FocalPointPicker({ src, value, onChange, what, className }: FocalPointPickerProps) {
  const [natural, setNatural] = useState<Size>({ width: 0, height: 0 })
  const point = parseFocus(value)
  // Where a press began: a tap or click sets the point, a finger scrolling the page does not.
  const pressed = useRef<{ id: number; x: number; y: number } | null>(null)

  function onPointerUp(event: PointerEvent<HTMLButtonElement>) {
    const start = pressed.current
    pressed.current = null
    if (!start || start.id !== event.pointerId || Math.hypot(event.clientX - start.x, event.clientY - start.y) > 10) return
    onChange(formatFocus(focusAt(photoRect(event.currentTarget.getBoundingClientRect(), natural), event.clientX, event.clientY)))
  }

  // The marker sits on the photo itself, which object-contain may letterbox inside the box.
  const box = { width: 1000, height: 750 }
  const shown = photoRect(new DOMRect(0, 0, box.width, box.height), natural)
  const left = ((shown.left + (shown.width * point.x) / 100) / box.width) * 100
  const top = ((shown.top + (shown.height * point.y) / 100) / box.height) * 100

  return (
    <button
      type="button"
      data-testid="focal-point-picker"
      data-focus={formatFocus(point)}
      aria-label={mediaTexts.focalPoint(what, describeFocus(point))}
      onPointerDown={(event) => {
        if (event.button === 0) pressed.current = { id: event.pointerId, x: event.clientX, y: event.clientY }
      }}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (pressed.current = null)}
      onKeyDown={(event) => {
        const next = nudgeFocus(point, event.key, event.shiftKey)
        if (!next) return
        event.preventDefault()
        onChange(formatFocus(next))
      }}
      className={cn(
        'relative block aspect-[4/3] w-full cursor-crosshair overflow-hidden rounded-lg bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary',
        className,
      )}
    >
      <SiteImage
        src={src}
        alt=""
        layout={adminPickerLayout}
        draggable={false}
        onLoad={(event) => setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
        className="pointer-events-none size-full object-contain"
      />
      <span
        aria-hidden="true"
        data-testid="focal-point-marker"
        style={{ left: `${left}%`, top: `${top}%` }}
        className="pointer-events-none absolute size-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-secondary/80 shadow-[0_0_0_2px_rgba(15,23,42,0.6)]"
      />
    </button>
  )
}
