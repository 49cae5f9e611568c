// The landing page's featured projects without their cards: the frame (heading and the
// link to /portfolio) and the empty state.
import { ArrowRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { buttonVariants } from '@/components/ui/button'
import { SectionHeading } from '@/components/ui/section-heading'
import { texts } from '@/config/site'
import { useSiteTexts } from '@/features/site-texts/api/get-site-texts'
import { EmptyState } from './empty-state'

export function FeaturedPortfolioFrame({ busy, children }: { busy?: boolean; children: ReactNode }) {
  const section = useSiteTexts().featured
  return (
    <section
      id="portfolio"
      aria-labelledby="portfolio-heading"
      aria-busy={busy || undefined}
      className="scroll-mt-16 bg-white py-20 md:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mb-14 flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
          <SectionHeading id="portfolio-heading" eyebrow={section.eyebrow} title={section.heading} intro={section.intro} align="left" />
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
