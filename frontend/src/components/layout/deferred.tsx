// A part of the page whose code loads only once the visitor heads its way (see
// lib/below-fold.ts). Until then, and while its code is on the way, `placeholder` stands
// in: the same section id and about the same height, so links to it work and nothing
// around it moves when it arrives.
import { Component, Suspense, useCallback, useLayoutEffect, useRef, type ReactNode } from 'react'
import { registerWaiting, useBelowFold, useRequestWhenNear } from '@/lib/below-fold'

interface DeferredProps {
  /** The lazy content, e.g. <LazyContactSection />. */
  children: ReactNode
  placeholder: ReactNode
  /** Id of the placeholder's element: its coming near the viewport starts the loading. */
  nearId?: string
}

interface BoundaryProps {
  placeholder: ReactNode
  onFailed: () => void
  children: ReactNode
}

/**
 * A chunk that cannot load (offline, or replaced by a newer deployment) leaves its stand-in
 * in place, and stops counting as waiting so jumps to sections still happen.
 */
class KeepPlaceholderOnError extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  componentDidCatch(error: unknown) {
    console.error('A part of the page could not be loaded:', error)
    this.props.onFailed()
  }

  render() {
    return this.state.failed ? this.props.placeholder : this.props.children
  }
}

function Shown({ onShown, children }: { onShown: () => void; children: ReactNode }) {
  // Runs once the lazy content is committed to the page, before the browser paints.
  useLayoutEffect(onShown, [onShown])
  return children
}

export function Deferred({ children, placeholder, nearId }: DeferredProps) {
  const ready = useBelowFold()
  useRequestWhenNear(nearId ?? '', Boolean(nearId) && !ready)

  // Counted as waiting from mount until its content shows (or it leaves the page), so a
  // jump to a section can wait for the final layout (whenBelowFoldReady).
  const state = useRef<{ shown: boolean; release: (() => void) | null }>({ shown: false, release: null })
  const onShown = useCallback(() => {
    state.current.shown = true
    state.current.release?.()
    state.current.release = null
  }, [])
  useLayoutEffect(() => {
    if (state.current.shown) return
    const release = registerWaiting()
    state.current.release = release
    return () => {
      release()
      state.current.release = null
    }
  }, [])

  if (!ready) return placeholder
  return (
    <KeepPlaceholderOnError placeholder={placeholder} onFailed={onShown}>
      <Suspense fallback={placeholder}>
        <Shown onShown={onShown}>{children}</Shown>
      </Suspense>
    </KeepPlaceholderOnError>
  )
}
