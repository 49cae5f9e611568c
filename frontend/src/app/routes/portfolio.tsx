import { PageHeading } from '@/components/ui/page-heading'

export function PortfolioRoute() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <PageHeading>Portfolio</PageHeading>
    </div>
  )
}
