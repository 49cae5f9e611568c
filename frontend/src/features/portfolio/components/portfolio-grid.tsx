// The project grid with its loading placeholders and empty state.
import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'
import type { PortfolioItem } from '../types'
import { PortfolioCard } from './portfolio-card'
import { balancedColumns, PortfolioSkeletonGrid, threeColumns } from './portfolio-card-skeleton'

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
  /** How many first cards may be in the first screen (at the widest), their images loaded at once (/portfolio). */
  priorityCount?: number
}

export function PortfolioGrid({ items, isLoading, placeholders, clamp, onOpen, empty, balanced, priorityCount = 0 }: PortfolioGridProps) {
  if (isLoading) {
    return <PortfolioSkeletonGrid count={placeholders} clamp={clamp} />
  }
  if (items.length === 0) return <>{empty}</>
  return (
    <div className={cn('grid gap-6 lg:gap-8', balanced ? balancedColumns(items.length) : threeColumns)}>
      {items.map((item, index) => (
        <PortfolioCard
          key={item.id}
          item={item}
          onOpen={onOpen}
          clamp={clamp}
          priority={index < priorityCount ? (index === 0 ? 'high' : 'eager') : undefined}
        />
      ))}
    </div>
  )
}
