// /portfolio: every project, filterable by category, and a closing call to action.
import { ArrowLeft, ArrowRight } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { buttonVariants } from '@/components/ui/button'
import { limits, texts } from '@/config/site'
import { usePortfolioItems } from '@/features/portfolio/api/get-portfolio-items'
import { CategoryFilter } from '@/features/portfolio/components/category-filter'
import { EmptyState } from '@/features/portfolio/components/empty-state'
import { PortfolioGrid } from '@/features/portfolio/components/portfolio-grid'
import { LazyProjectDialog } from '@/features/portfolio/components/lazy-project-dialog'
import { LoadFailedState } from '@/features/portfolio/components/load-failed-state'
import { allCategories, filterByCategory } from '@/features/portfolio/gallery'
import { usedCategories } from '@/features/site-texts/resolve'
import { useProjectDialog } from '@/features/portfolio/use-project-dialog'
import { projectMetadata, useSharedProject } from '@/features/portfolio/use-shared-project'
import { PageMetadata } from '@/features/seo/components/page-metadata'
import { StructuredData } from '@/features/seo/components/structured-data'
import { useSiteSettings } from '@/features/site/api/get-site-settings'
import { resolveSiteIdentity } from '@/features/site/site-identity'
import { useSiteTexts } from '@/features/site-texts/api/get-site-texts'

export function PortfolioRoute() {
  const { data, isLoading, error, refetch } = usePortfolioItems()
  const failed = data === undefined && error !== null
  const { data: settings } = useSiteSettings()
  const [category, setCategory] = useState<string>(allCategories)
  const dialog = useProjectDialog()
  const items = data ?? []
  const visible = filterByCategory(items, category)
  const page = texts.portfolioPage
  const site = useSiteTexts()
  useSharedProject(items, dialog)
  const siteTitle = resolveSiteIdentity(settings).title
  const shared = dialog.open && dialog.item ? projectMetadata(dialog.item, siteTitle) : null

  return (
    <>
      <PageMetadata
        title={shared?.title ?? `${page.heading} - ${siteTitle}`}
        description={shared?.description ?? site.portfolioDescription}
      />
      <StructuredData />
      <section
        aria-labelledby="portfolio-page-heading"
        className="relative isolate overflow-hidden bg-primary pt-16 text-primary-foreground"
      >
        <div aria-hidden="true" className="pleat-lines absolute inset-0 -z-10 opacity-[0.07]" />
        <div className="mx-auto max-w-7xl px-4 pt-10 pb-16 sm:px-6 md:pb-20 lg:px-8">
          <Link
            to="/"
            className="inline-flex items-center gap-2 rounded-full text-sm font-medium text-primary-muted transition-colors hover:text-primary-foreground focus-visible:outline-2 focus-visible:outline-secondary"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {page.backLink}
          </Link>
          <span aria-hidden="true" className="mt-10 block h-1 w-16 rounded-full bg-secondary" />
          <h1
            id="portfolio-page-heading"
            className="mt-6 font-display text-4xl font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            {page.heading}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-pretty text-primary-muted">{site.portfolioDescription}</p>
        </div>
      </section>

      <section aria-labelledby="portfolio-projects-heading" className="bg-slate-50 py-12 md:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          {/* Keeps the heading levels in order (h1, then the cards' h3) for screen readers. */}
          <h2 id="portfolio-projects-heading" className="sr-only">
            Projects
          </h2>
          {!isLoading && !failed && (
            <CategoryFilter categories={usedCategories(site.categories, items)} value={category} onChange={setCategory} className="mb-10" />
          )}
          <PortfolioGrid
            items={visible}
            isLoading={isLoading}
            placeholders={limits.portfolioPagePlaceholders}
            clamp={3}
            onOpen={dialog.show}
            empty={
              failed ? <LoadFailedState error={error} onRetry={() => void refetch()} /> : <EmptyState title={texts.noProjectsInCategory} />
            }
            // The first row (three cards on wide screens, one on phones) shows at once.
            priorityCount={3}
          />
        </div>
      </section>

      <section aria-labelledby="portfolio-cta-heading" className="bg-white py-20 md:py-24">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
          <h2
            id="portfolio-cta-heading"
            className="font-display text-3xl font-semibold tracking-tight text-balance text-slate-950 md:text-4xl"
          >
            {page.ctaHeading}
          </h2>
          <p className="mt-4 text-lg text-slate-600">{page.ctaText}</p>
          <Link to="/#contact" className={buttonVariants({ variant: 'primary', size: 'lg', className: 'mt-8' })}>
            {page.ctaButton}
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
      </section>

      <LazyProjectDialog item={dialog.item} open={dialog.open} onClose={dialog.close} />
    </>
  )
}
