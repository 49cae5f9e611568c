// Landing page portfolio: up to six featured projects and a link to the full portfolio.
import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { buttonVariants } from '@/components/ui/button'
import { SectionHeading } from '@/components/ui/section-heading'
import { limits, texts } from '@/config/site'
import { usePortfolioItems } from '../api/get-portfolio-items'
import { selectFeatured } from '../gallery'
import type { PortfolioItem } from '../types'
import { useProjectDialog } from '../use-project-dialog'
import { EmptyState } from './empty-state'
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
  const empty =
    all.length === 0 ? (
      <EmptyState title={texts.noPortfolioItems} />
    ) : (
      <EmptyState title={texts.noFeaturedProjects} hint={texts.noFeaturedProjectsHint} />
    )
  return (
    <section id="portfolio" aria-labelledby="portfolio-heading" className="scroll-mt-16 bg-white py-20 md:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mb-14 flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
          <SectionHeading
            id="portfolio-heading"
            eyebrow={texts.featured.eyebrow}
            title={texts.featured.heading}
            intro={texts.featured.intro}
            align="left"
          />
          <Link to="/portfolio" className={buttonVariants({ variant: 'outline', className: 'self-start md:self-auto' })}>
            {texts.featured.viewAll}
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
        <PortfolioGrid
          items={featured}
          isLoading={isLoading}
          placeholders={limits.featuredPortfolioPlaceholders}
          clamp={2}
          onOpen={onOpen}
          empty={empty}
          balanced
        />
      </div>
    </section>
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
