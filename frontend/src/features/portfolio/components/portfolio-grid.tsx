// The project grid with its loading placeholders and empty state.
import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'
import type { PortfolioItem } from '../types'
import { PortfolioCard, PortfolioCardSkeleton } from './portfolio-card'

interface PortfolioGridProps {
  items: PortfolioItem[]
  isLoading: boolean
  placeholders: number
  clamp: 2 | 3
  onOpen: (item: PortfolioItem) => void
  /** Shown instead of the grid when there are no items. */
  empty: ReactNode
  /** Pick the column count so a short list leaves no lone card on a row (landing page). */
  balanced?: boolean
}

const threeColumns = 'sm:grid-cols-2 lg:grid-cols-3'

/** Column classes for `count` cards: four sit in one row on wide screens, one or two in halves. */
export function balancedColumns(count: number): string {
  if (count === 4) return 'sm:grid-cols-2 xl:grid-cols-4'
  if (count <= 2) return 'sm:grid-cols-2'
  return threeColumns
}

export function PortfolioGrid({ items, isLoading, placeholders, clamp, onOpen, empty, balanced }: PortfolioGridProps) {
  if (isLoading) {
    return (
      <div aria-busy="true" className={cn('grid gap-6 lg:gap-8', threeColumns)}>
        <span className="sr-only" role="status">
          Loading projects
        </span>
        {Array.from({ length: placeholders }, (_, i) => (
          <PortfolioCardSkeleton key={i} clamp={clamp} />
        ))}
      </div>
    )
  }
  if (items.length === 0) return <>{empty}</>
  return (
    <div className={cn('grid gap-6 lg:gap-8', balanced ? balancedColumns(items.length) : threeColumns)}>
      {items.map((item) => (
        <PortfolioCard key={item.id} item={item} onOpen={onOpen} clamp={clamp} />
      ))}
    </div>
  )
}
