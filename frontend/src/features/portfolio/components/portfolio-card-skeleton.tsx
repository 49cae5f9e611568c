// A card-shaped placeholder with the footprint of a loaded project card, and the grid of
// them shown while projects load (also the landing page's stand-in for its projects until
// their code arrives, see featured-portfolio-frame.tsx).
import { cardVariants } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'

/** A card-shaped placeholder with the same footprint as a loaded card. */
export function PortfolioCardSkeleton({ clamp }: { clamp: 2 | 3 }) {
  return (
    <div data-testid="portfolio-card-skeleton" className={cn(cardVariants(), 'flex flex-col overflow-hidden')}>
      <Skeleton className="aspect-[4/3] rounded-none" />
      {/* Line for line the loaded card's text: title, clamped description, "View project". */}
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <Skeleton className="h-7 w-2/3" />
        <div className="mt-2">
          {Array.from({ length: clamp }, (_, i) => (
            <Skeleton key={i} className={cn('my-[5px] h-4', i === clamp - 1 ? 'w-1/2' : 'w-full')} />
          ))}
        </div>
        <div className="mt-auto pt-4">
          <Skeleton className="h-5 w-24" />
        </div>
      </div>
    </div>
  )
}

export const threeColumns = 'sm:grid-cols-2 lg:grid-cols-3'

/** Column classes for `count` cards: four sit in one row on wide screens, one or two in halves. */
export function balancedColumns(count: number): string {
  if (count === 4) return 'sm:grid-cols-2 xl:grid-cols-4'
  if (count <= 2) return 'sm:grid-cols-2'
  return threeColumns
}

export function PortfolioSkeletonGrid({ count, clamp, columns = threeColumns }: { count: number; clamp: 2 | 3; columns?: string }) {
  return (
    <div aria-busy="true" className={cn('grid gap-6 lg:gap-8', columns)}>
      <span className="sr-only" role="status">
        Loading projects
      </span>
      {Array.from({ length: count }, (_, i) => (
        <PortfolioCardSkeleton key={i} clamp={clamp} />
      ))}
    </div>
  )
}
