// Code for what sits below the first screens (the landing page's project cards, about,
// testimonials and contact form, the footer's extras) is loaded once the visitor shows
// they are heading there: their first scroll, wheel turn, key press or touch, or one of
// its placeholders showing in the viewport. Until then the page loads only what
// its first screens need. Each deferred part registers while it waits, so a jump to a
// section can wait until everything above it has its final height.
import { useEffect, useSyncExternalStore, type RefObject } from 'react'

const INTERACTIONS = ['scroll', 'wheel', 'keydown', 'pointerdown', 'touchstart'] as const
/**
 * Margin around the viewport in which a placeholder starts the loading. None: the first
 * screen is the full-height hero, and any margin would reach the stand-ins while the
 * sections above them still show their (short) loading states; a scroll starts it anyway.
 */
const NEAR = '0px'

let requested = false
let armed = false
let waiting = 0
const listeners = new Set<() => void>()
let readyWaiters: Array<() => void> = []

function emit() {
  listeners.forEach((listener) => listener())
}

function settle() {
  if (!requested || waiting > 0) return
  const waiters = readyWaiters
  readyWaiters = []
  waiters.forEach((resolve) => resolve())
}

function onInteraction() {
  requestBelowFold()
}

function arm() {
  if (armed || requested || typeof window === 'undefined') return
  armed = true
  for (const type of INTERACTIONS) window.addEventListener(type, onInteraction, { capture: true, passive: true })
}

function disarm() {
  if (!armed) return
  armed = false
  for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction, { capture: true })
}

/** Starts loading every deferred part now (idempotent). */
export function requestBelowFold(): void {
  if (requested) return
  requested = true
  disarm()
  emit()
  settle()
}

/** Whether the deferred parts may load; starts listening for the visitor's first gesture. */
export function useBelowFold(): boolean {
  useEffect(arm, [])
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => requested,
    () => false,
  )
}

/**
 * Requests the deferred parts when this element (a ref, or the id of an element) comes
 * within a screen of the viewport.
 */
export function useRequestWhenNear(target: RefObject<Element | null> | string, active = true): void {
  useEffect(() => {
    const element = typeof target === 'string' ? document.getElementById(target) : target.current
    if (!active || requested || !element) return
    if (typeof IntersectionObserver === 'undefined') {
      requestBelowFold()
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) requestBelowFold()
      },
      { rootMargin: NEAR },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [target, active])
}

/**
 * Marks a deferred part as waiting (placeholder mounted, content not yet shown); call the
 * returned function once its content is in the page.
 */
export function registerWaiting(): () => void {
  waiting += 1
  let done = false
  return () => {
    if (done) return
    done = true
    waiting -= 1
    settle()
  }
}

/** Whether no deferred part is waiting any more (true on pages that have none). */
export function belowFoldSettled(): boolean {
  return waiting === 0
}

/** Requests the deferred parts and resolves once all of them show their content. */
export function whenBelowFoldReady(): Promise<void> {
  requestBelowFold()
  if (waiting === 0) return Promise.resolve()
  return new Promise((resolve) => readyWaiters.push(resolve))
}

/** Back to the state of a fresh page (tests). */
export function resetBelowFold(): void {
  disarm()
  requested = false
  waiting = 0
  readyWaiters = []
  emit()
}
