// Adds a portfolio item (POST portfolio_items, the new row read back).
import { insertRow } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'
import type { PortfolioPayload } from '../portfolio-payload'
import type { PortfolioItem } from '../types'

export function createPortfolioItem(payload: PortfolioPayload): Promise<PortfolioItem> {
  return insertRow<PortfolioItem>('portfolio_items', payload)
}

export function useCreatePortfolioItem() {
  return useMutation(createPortfolioItem)
}
