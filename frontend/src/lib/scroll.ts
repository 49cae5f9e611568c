// Smooth scrolling to a landing page section, respecting reduced motion; the section
// also gets keyboard focus so the next Tab continues from it.
import { belowFoldSettled, whenBelowFoldReady } from './below-fold'

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

function scrollNow(id: string, behavior?: ScrollBehavior) {
  const element = document.getElementById(id)
  if (!element) return
  element.scrollIntoView({ behavior: behavior ?? (prefersReducedMotion() ? 'auto' : 'smooth'), block: 'start' })
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1')
  element.focus({ preventScroll: true })
}

/**
 * Scrolls to the element with this id; false when the page has no such element. While
 * parts of the page below the first screen are still stand-ins (lib/below-fold.ts), it
 * first has them loaded, so the scroll aims at where the section finally is.
 */
export function scrollToSection(id: string, behavior?: ScrollBehavior): boolean {
  if (!document.getElementById(id)) return false
  if (belowFoldSettled()) {
    scrollNow(id, behavior)
  } else {
    void whenBelowFoldReady().then(() => requestAnimationFrame(() => scrollNow(id, behavior)))
  }
  return true
}
