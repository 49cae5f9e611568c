// Landing page portfolio: up to six featured projects and a link to the full portfolio.
import { limits } from '@/config/site'
import { usePortfolioItems } from '../api/get-portfolio-items'
import { selectFeatured } from '../featured'
import type { PortfolioItem } from '../types'
import { useProjectDialog } from '../use-project-dialog'
import { FeaturedEmptyState, FeaturedPortfolioFrame } from './featured-portfolio-frame'
import { PortfolioGrid } from './portfolio-grid'
import { LazyProjectDialog } from './lazy-project-dialog'
import { LoadFailedState } from './load-failed-state'

interface FeaturedPortfolioViewProps {
  items: PortfolioItem[] | undefined
  isLoading: boolean
  onOpen: (item: PortfolioItem) => void
  /** The read's failure while there are no items to show, and how to try again. */
  failure?: { error: string; retry: () => void } | null
}

export function FeaturedPortfolioView({ items, isLoading, onOpen, failure }: FeaturedPortfolioViewProps) {
  const all = items ?? []
  const featured = selectFeatured(all, limits.featuredPortfolioMax)
  const empty = failure ? (
    <LoadFailedState error={failure.error} onRetry={failure.retry} />
  ) : (
    <FeaturedEmptyState hasItems={all.length > 0} />
  )
  return (
    <FeaturedPortfolioFrame>
      <PortfolioGrid
        items={featured}
        isLoading={isLoading}
        placeholders={limits.featuredPortfolioPlaceholders}
        clamp={2}
        onOpen={onOpen}
        empty={empty}
        balanced
      />
    </FeaturedPortfolioFrame>
  )
}

export function FeaturedPortfolioSection() {
  const { data, isLoading, error, refetch } = usePortfolioItems()
  const dialog = useProjectDialog()
  const failure = data === undefined && error ? { error, retry: () => void refetch() } : null
  return (
    <>
      <FeaturedPortfolioView items={data} isLoading={isLoading} onOpen={dialog.show} failure={failure} />
      <LazyProjectDialog item={dialog.item} open={dialog.open} onClose={dialog.close} />
    </>
  )
}
