// A modal dialog, at most 80% of the viewport high: rendered over the page in a
// portal, closed by Escape, the backdrop or the caller's close button; while open the page
// behind is inert (so focus stays in the dialog) and does not scroll, and focus goes back
// where it was when it closes.
import { cva, type VariantProps } from 'class-variance-authority'
import { X } from 'lucide-react'
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import { cn } from '@/lib/cn'

const panelVariants = cva('relative flex max-h-[80vh] w-full flex-col overflow-hidden rounded-2xl bg-white shadow-2xl outline-none', {
  variants: {
    size: {
      md: 'max-w-lg',
      lg: 'max-w-3xl',
      xl: 'max-w-5xl',
    },
  },
  defaultVariants: { size: 'lg' },
})

interface DialogProps extends VariantProps<typeof panelVariants> {
  open: boolean
  onClose: () => void
  /** id of the element that names the dialog. */
  labelledBy: string
  describedBy?: string
  /** Receives focus on open; the panel itself when absent. */
  initialFocusRef?: RefObject<HTMLElement | null>
  className?: string
  children: ReactNode
}

/** Locks page scrolling, keeping the layout where the scrollbar was. */
function useScrollLock(active: boolean) {
  useEffect(() => {
    if (!active) return
    const { body, documentElement } = document
    const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight }
    const scrollbar = window.innerWidth - documentElement.clientWidth
    body.style.overflow = 'hidden'
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`
    return () => {
      body.style.overflow = previous.overflow
      body.style.paddingRight = previous.paddingRight
    }
  }, [active])
}

/** Makes everything but the dialog's portal inert while open (a full-screen layer over a dialog uses it too). */
export function useInertSiblings(active: boolean, portal: HTMLElement | null) {
  useEffect(() => {
    if (!active || !portal) return
    const siblings = Array.from(document.body.children).filter(
      (el): el is HTMLElement => el !== portal && el instanceof HTMLElement && !el.inert,
    )
    siblings.forEach((el) => (el.inert = true))
    return () => siblings.forEach((el) => (el.inert = false))
  }, [active, portal])
}

export function Dialog({ open, onClose, labelledBy, describedBy, initialFocusRef, size, className, children }: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null)
  // The portal's element, made once and attached to the page only while open.
  const [portal] = useState(() => (typeof document === 'undefined' ? null : document.createElement('div')))
  const onCloseRef = useRef(onClose)
  useEffect(() => {
    onCloseRef.current = onClose
  })

  useEffect(() => {
    if (!open || !portal) return
    document.body.appendChild(portal)
    return () => portal.remove()
  }, [open, portal])

  useScrollLock(open)
  useInertSiblings(open, open ? portal : null)

  useEffect(() => {
    if (!open) return
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null
    ;(initialFocusRef?.current ?? panelRef.current)?.focus({ preventScroll: true })
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation()
        onCloseRef.current()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      // preventScroll: the page may have been scrolled on purpose while closing.
      previouslyFocused?.focus({ preventScroll: true })
    }
  }, [open, initialFocusRef])

  if (!open || !portal) return null

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center p-3 sm:p-6">
      <div
        data-testid="dialog-backdrop"
        aria-hidden="true"
        className="animate-fade-in absolute inset-0 bg-slate-950/75 backdrop-blur-sm"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={cn(panelVariants({ size }), 'animate-dialog-in', className)}
      >
        {children}
      </div>
    </div>,
    portal,
  )
}

interface DialogCloseProps {
  onClose: () => void
  label?: string
  className?: string
  ref?: RefObject<HTMLButtonElement | null>
}

export function DialogClose({ onClose, label = 'Close', className, ref }: DialogCloseProps) {
  return (
    <button
      ref={ref}
      type="button"
      onClick={onClose}
      aria-label={label}
      className={cn(
        'inline-flex size-10 cursor-pointer items-center justify-center rounded-full bg-white/90 text-slate-800 shadow-md transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary',
        className,
      )}
    >
      <X aria-hidden="true" className="size-5" />
    </button>
  )
}
