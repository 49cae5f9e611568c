// Changes a portfolio item (PATCH portfolio_items by id, with updated_at).
import { updateRow } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'
import type { PortfolioUpdatePayload } from '../portfolio-payload'
import type { PortfolioItem } from '../types'

export function updatePortfolioItem(id: string, payload: PortfolioUpdatePayload): Promise<PortfolioItem> {
  return updateRow<PortfolioItem>('portfolio_items', id, payload)
}

export function useUpdatePortfolioItem() {
  return useMutation(updatePortfolioItem)
}
