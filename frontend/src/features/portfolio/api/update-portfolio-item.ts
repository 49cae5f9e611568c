// Changes a portfolio item (PATCH portfolio_items by id, with updated_at, only if it is still the version loaded: a conflict otherwise).
import { updateRowIfUnchanged, type GuardedSave } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'
import type { PortfolioUpdatePayload } from '../portfolio-payload'
import type { PortfolioItem } from '../types'

export function updatePortfolioItem(loaded: PortfolioItem, payload: PortfolioUpdatePayload): Promise<GuardedSave<PortfolioItem>> {
  return updateRowIfUnchanged<PortfolioItem>('portfolio_items', loaded, payload)
}

export function useUpdatePortfolioItem() {
  return useMutation(updatePortfolioItem)
}
