// "Get Similar Work Done" in a project's popup hands the project's category to the contact
// form, which pre-selects the matching service. The hand-over is held here until the form
// takes it, so it also survives the move from /portfolio to /#contact.
import { serviceOptions } from '@/config/site'

let pending: string | null = null
const listeners = new Set<(service: string) => void>()

/** The contact form's service for a portfolio category (they share their values; else 'other'). */
export function serviceForCategory(category: string | null | undefined): string {
  return serviceOptions.some((option) => option.value === category) ? (category as string) : 'other'
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
