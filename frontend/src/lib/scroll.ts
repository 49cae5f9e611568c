// Smooth scrolling to a landing page section, respecting reduced motion; the section
// also gets keyboard focus so the next Tab continues from it.
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

/** Scrolls to the element with this id; false when the page has no such element. */
export function scrollToSection(id: string, behavior?: ScrollBehavior): boolean {
  if (!document.getElementById(id)) return false
  scrollNow(id, behavior)
  return true
}
