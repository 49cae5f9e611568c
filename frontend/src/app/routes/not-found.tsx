import { Link } from 'react-router'
import { buttonVariants } from '@/components/ui/button'
import { PageHeading } from '@/components/ui/page-heading'
import { PageMetadata } from '@/features/seo/components/page-metadata'

export function NotFoundRoute() {
  return (
    <div className="mx-auto max-w-3xl px-4 pt-40 pb-32 text-center sm:px-6">
      <PageMetadata title="Page not found" />
      <p className="font-display text-6xl font-semibold text-secondary-ink">404</p>
      <div className="mt-4">
        <PageHeading>Page not found</PageHeading>
      </div>
      <p className="mt-4 text-lg text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonVariants({ variant: 'primary', className: 'mt-8' })}>
        Back to home
      </Link>
    </div>
  )
}
