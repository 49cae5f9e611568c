// Removes a portfolio item (DELETE portfolio_items by id).
import { deleteRow } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'

export function deletePortfolioItem(id: string): Promise<void> {
  return deleteRow('portfolio_items', id)
}

export function useDeletePortfolioItem() {
  return useMutation(deletePortfolioItem)
}
