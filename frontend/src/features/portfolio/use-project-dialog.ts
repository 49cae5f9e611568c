// Which project the popup shows and whether it is open.
import { useCallback, useState } from 'react'
import type { PortfolioItem } from './types'

export function useProjectDialog() {
  const [item, setItem] = useState<PortfolioItem | null>(null)
  const [open, setOpen] = useState(false)
  const show = useCallback((next: PortfolioItem) => {
    setItem(next)
    setOpen(true)
  }, [])
  const close = useCallback(() => setOpen(false), [])
  return { item, open, show, close }
}
