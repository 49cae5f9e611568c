// Landing page services: a card per service, two columns from the md breakpoint.
import { Card } from '@/components/ui/card'
import { cn } from '@/lib/cn'
import { SectionHeading } from '@/components/ui/section-heading'
import { texts } from '@/config/site'
import { useSiteTexts } from '@/features/site-texts/api/get-site-texts'
import { useServices } from '../api/get-services'
import type { Service } from '../types'
import { ServiceIcon } from './service-icon'

export function ServiceCard({ service }: { service: Service }) {
  return (
    // A featured service stands out (the admin's Featured checkbox has this visible effect).
    <Card
      variant="interactive"
      data-featured={service.featured || undefined}
      className={cn('group flex gap-5 p-6 sm:p-8', service.featured && 'ring-2 ring-secondary')}
    >
      <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-secondary/15 text-primary-ink ring-1 ring-secondary/30 transition-colors duration-300 group-hover:bg-secondary group-hover:text-secondary-foreground">
        <ServiceIcon name={service.icon} className="size-6" />
      </span>
      <div>
        <h3 className="font-display text-xl font-semibold text-slate-950">{service.title}</h3>
        <p className="mt-2 leading-relaxed text-slate-600">{service.description}</p>
      </div>
    </Card>
  )
}

interface ServicesViewProps {
  services: Service[] | undefined
  isLoading: boolean
}

export function ServicesView({ services, isLoading }: ServicesViewProps) {
  const section = useSiteTexts().services
  return (
    <section id="services" aria-labelledby="services-heading" className="scroll-mt-16 bg-slate-50 py-20 md:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="services-heading" eyebrow={section.eyebrow} title={section.heading} intro={section.intro} />
        {isLoading ? (
          <p role="status" className="mt-14 text-center text-slate-500">
            {texts.loadingServices}
          </p>
        ) : (
          <div className="mt-14 grid gap-6 md:grid-cols-2">
            {(services ?? []).map((service) => (
              <ServiceCard key={service.id} service={service} />
            ))}
          </div>
        )}
      </div>
    </section>
  )
}

export function ServicesSection() {
  const { data, isLoading } = useServices()
  return <ServicesView services={data} isLoading={isLoading} />
}
