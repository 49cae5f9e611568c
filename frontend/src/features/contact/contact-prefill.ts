// "Get Similar Work Done" in a project's popup hands the project's category to the contact
// form, which pre-selects the matching service. The hand-over is held here until the form
// takes it, so it also survives the move from /portfolio to /#contact. The form matches the
// category against its choices (the business's services) when it takes it.

let pending: string | null = null
const listeners = new Set<(service: string) => void>()

/**
 * The form's choice for a portfolio category: the service whose title names it
 * ("furniture-covers" → "Furniture Covers", "blinds" → "Window Blinds"), else the last
 * choice (Other).
 */
export function serviceForCategory(category: string | null | undefined, choices: readonly string[]): string {
  const other = choices[choices.length - 1] ?? ''
  const words = (category ?? '').toLowerCase().replace(/-/g, ' ').trim()
  if (!words) return other
  return choices.slice(0, -1).find((title) => title.toLowerCase().replace(/-/g, ' ').includes(words)) ?? other
}

export function prefillService(service: string): void {
  pending = service
  listeners.forEach((listener) => listener(service))
}

/** The service waiting for the form, once (null when none). */
export function takePrefilledService(): string | null {
  const service = pending
  pending = null
  return service
}

export function onPrefilledService(listener: (service: string) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
