import { Link } from 'react-router'
import { PageHeading } from '@/components/ui/page-heading'

export function NotFoundRoute() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <PageHeading>Page not found</PageHeading>
      <Link to="/" className="mt-6 inline-block text-secondary underline">
        Back to home
      </Link>
    </div>
  )
}
