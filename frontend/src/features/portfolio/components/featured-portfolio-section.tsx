// Landing page portfolio: up to six featured projects and a link to the full portfolio.
import { limits } from '@/config/site'
import { usePortfolioItems } from '../api/get-portfolio-items'
import { selectFeatured } from '../featured'
import type { PortfolioItem } from '../types'
import { useProjectDialog } from '../use-project-dialog'
import { FeaturedEmptyState, FeaturedPortfolioFrame } from './featured-portfolio-frame'
import { PortfolioGrid } from './portfolio-grid'
import { LazyProjectDialog } from './lazy-project-dialog'

interface FeaturedPortfolioViewProps {
  items: PortfolioItem[] | undefined
  isLoading: boolean
  onOpen: (item: PortfolioItem) => void
}

export function FeaturedPortfolioView({ items, isLoading, onOpen }: FeaturedPortfolioViewProps) {
  const all = items ?? []
  const featured = selectFeatured(all, limits.featuredPortfolioMax)
  const empty = <FeaturedEmptyState hasItems={all.length > 0} />
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
  const { data, isLoading } = usePortfolioItems()
  const dialog = useProjectDialog()
  return (
    <>
      <FeaturedPortfolioView items={data} isLoading={isLoading} onOpen={dialog.show} />
      <LazyProjectDialog item={dialog.item} open={dialog.open} onClose={dialog.close} />
    </>
  )
}
