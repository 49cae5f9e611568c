// The page of the two legal routes: title, last updated date, the text, and a contact
// block (the site's title and contact details) with a Contact Us link to the contact form.
// The text is the owner's (legal_pages, rich text through the sanitiser, dated the day it
// was saved) or, until they save one, the original document with its original date.
import { ArrowLeft, Mail, MapPin, Phone } from 'lucide-react'
import { Suspense } from 'react'
import { Link } from 'react-router'
import { buttonVariants } from '@/components/ui/button'
import { PageHeading } from '@/components/ui/page-heading'
import { PanelContent } from '@/components/ui/panel-state'
import { LoadBoundary } from '@/components/ui/load-boundary'
import { Skeleton } from '@/components/ui/skeleton'
import { legalContactBlock, type LegalDocument } from '@/config/legal'
import { texts } from '@/config/site'
import { useLegalPage } from '@/features/legal/api/get-legal-page'
import { legalLastUpdated } from '@/features/legal/legal-html'
import type { LegalSlug } from '@/features/legal/types'
import { lazyWithRetry } from '@/lib/lazy-with-retry'
import { PageMetadata } from '@/features/seo/components/page-metadata'
import { useContactInfo } from '@/features/site/api/get-contact-info'
import { useSiteSettings } from '@/features/site/api/get-site-settings'
import { resolveSiteIdentity } from '@/features/site/site-identity'

// The sanitiser loads only for a page with the owner's own text; the original needs none.
const RichText = lazyWithRetry(
  () => import('@/components/ui/rich-text'),
  (m) => m.RichText,
)

export function LegalPage({ slug, document: doc }: { slug: LegalSlug; document: LegalDocument }) {
  const { data: settings } = useSiteSettings()
  const { data: info } = useContactInfo()
  const identity = resolveSiteIdentity(settings)
  const page = useLegalPage(slug)
  // Nothing is dated or shown until the page's row is known, so the original never flashes before the owner's text.
  const ready = page.data !== undefined
  const ownText = page.data?.body_html

  return (
    <article className="bg-white pt-16">
      <PageMetadata title={`${doc.title} - ${identity.title}`} description={doc.description} />
      <div className="border-b border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
          <Link to="/" className="inline-flex items-center gap-2 text-sm font-medium text-slate-600 hover:text-slate-950">
            <ArrowLeft aria-hidden="true" className="size-4" />
            {texts.portfolioPage.backLink}
          </Link>
          <div className="mt-8">
            <PageHeading>{doc.title}</PageHeading>
          </div>
          {ready ? (
            <p className="mt-3 text-sm text-slate-500">Last updated: {legalLastUpdated(page.data)}</p>
          ) : (
            <Skeleton className="mt-3 h-5 w-48" />
          )}
          {ready && !ownText && <p className="mt-6 text-lg leading-relaxed text-slate-700">{doc.intro}</p>}
        </div>
      </div>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
        <PanelContent data={page.data} isLoading={page.isLoading} error={page.error} onRetry={page.refetch}>
          {ownText ? (
            <LoadBoundary>
              <Suspense fallback={<Skeleton className="h-96 w-full" />}>
                <RichText html={ownText} className="text-slate-700 [&_h2]:text-2xl [&_h2:not(:first-child)]:mt-10 [&_h3]:text-xl" />
              </Suspense>
            </LoadBoundary>
          ) : (
            <OriginalSections document={doc} />
          )}
        </PanelContent>
        <section aria-labelledby="legal-contact" className="mt-14 rounded-3xl bg-primary p-8 text-primary-foreground sm:p-10">
          <h2 id="legal-contact" className="font-display text-2xl font-semibold">
            {legalContactBlock.heading}
          </h2>
          <p className="mt-2 text-primary-muted">{legalContactBlock.text}</p>
          <ul className="mt-6 space-y-3 text-sm">
            <li className="font-semibold">{identity.title}</li>
            {info?.email && (
              <li className="flex items-center gap-3">
                <Mail aria-hidden="true" className="size-4 text-secondary-on-primary" />
                <a href={`mailto:${info.email}`} className="hover:underline">
                  {info.email}
                </a>
              </li>
            )}
            {info?.phone && (
              <li className="flex items-center gap-3">
                <Phone aria-hidden="true" className="size-4 text-secondary-on-primary" />
                <a href={`tel:${info.phone.replace(/[^\d+]/g, '')}`} className="hover:underline">
                  {info.phone}
                </a>
              </li>
            )}
            {info?.address && (
              <li className="flex items-center gap-3">
                <MapPin aria-hidden="true" className="size-4 text-secondary-on-primary" />
                <span>{info.address}</span>
              </li>
            )}
          </ul>
          <Link to="/#contact" className={buttonVariants({ variant: 'secondary', className: 'mt-8' })}>
            {legalContactBlock.button}
          </Link>
        </section>
      </div>
    </article>
  )
}

/** The original document's sections, numbered, as the site ships them. */
function OriginalSections({ document: doc }: { document: LegalDocument }) {
  return (
    <>
      {doc.sections.map((section, i) => (
        <section key={section.heading} className="mb-10">
          <h2 className="font-display text-2xl font-semibold text-slate-950">
            {i + 1}. {section.heading}
          </h2>
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
              {paragraph}
            </p>
          ))}
          {section.items && (
            <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed text-slate-700 marker:text-slate-400">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  )
}
