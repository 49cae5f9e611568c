// Removes a portfolio item (DELETE portfolio_items by id, only if it is still the version the list showed).
import { deleteRowIfUnchanged, type GuardedDelete } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'
import type { PortfolioItem } from '../types'

export function deletePortfolioItem(loaded: PortfolioItem): Promise<GuardedDelete> {
  return deleteRowIfUnchanged('portfolio_items', loaded)
}

export function useDeletePortfolioItem() {
  return useMutation(deletePortfolioItem)
}
