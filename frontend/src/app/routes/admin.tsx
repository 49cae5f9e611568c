// Loaded lazily from the router so the admin code (and later the rich-text editor)
// stays out of the landing page bundle.
import { PageHeading } from '@/components/ui/page-heading'

export default function AdminRoute() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <PageHeading>Content Management</PageHeading>
    </div>
  )
}
