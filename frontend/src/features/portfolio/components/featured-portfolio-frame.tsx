// The landing page's featured projects without their cards: the frame (heading and the
// link to /portfolio) that the section and its stand-in share, and the stand-in shown
// until the section's code arrives (components/layout/deferred.tsx): a card-shaped
// placeholder per project to come, so the page keeps its height when the cards do.
import { ArrowRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { buttonVariants } from '@/components/ui/button'
import { SectionHeading } from '@/components/ui/section-heading'
import { limits, texts } from '@/config/site'
import { usePortfolioItems } from '../api/get-portfolio-items'
import { selectFeatured } from '../featured'
import { EmptyState } from './empty-state'
import { balancedColumns, PortfolioSkeletonGrid } from './portfolio-card-skeleton'

export function FeaturedPortfolioFrame({ busy, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <section
      id="portfolio"
      aria-labelledby="portfolio-heading"
      aria-busy={busy || undefined}
      className="scroll-mt-16 bg-white py-20 md:py-24"
    >
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
        {children}
      </div>
    </section>
  )
}

/** What the section shows when there is no project to feature. */
export function FeaturedEmptyState({ hasItems }: { hasItems: boolean }) {
  return hasItems ? (
    <EmptyState title={texts.noFeaturedProjects} hint={texts.noFeaturedProjectsHint} />
  ) : (
    <EmptyState title={texts.noPortfolioItems} />
  )
}

export function FeaturedPortfolioPlaceholder() {
  const { data, isLoading } = usePortfolioItems()
  const count = isLoading ? limits.featuredPortfolioPlaceholders : selectFeatured(data ?? [], limits.featuredPortfolioMax).length
  return (
    <FeaturedPortfolioFrame busy>
      {count > 0 ? (
        <PortfolioSkeletonGrid count={count} clamp={2} columns={isLoading ? undefined : balancedColumns(count)} />
      ) : (
        <FeaturedEmptyState hasItems={(data ?? []).length > 0} />
      )}
    </FeaturedPortfolioFrame>
  )
}
