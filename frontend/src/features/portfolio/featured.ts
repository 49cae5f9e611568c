// The landing page's pick of projects (kept apart from the gallery logic, which only the
// project popup needs).
import type { PortfolioItem } from './types'

/** Featured items in the given (sort_order) order, at most `max`. */
export function selectFeatured(items: readonly PortfolioItem[], max: number): PortfolioItem[] {
  return items.filter((item) => item.featured).slice(0, max)
}
