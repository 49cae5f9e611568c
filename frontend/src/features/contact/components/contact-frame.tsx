// The contact section without its form and details: its frame and heading.
import type { ReactNode } from 'react'
import { Card } from '@/components/ui/card'
import { SectionHeading } from '@/components/ui/section-heading'
import { useSiteTexts } from '@/features/site-texts/api/get-site-texts'
import type { ContactInfo } from '@/features/site/types'

interface ContactFrameProps {
  busy?: boolean
  details: ReactNode
  form: ReactNode
}

export function ContactFrame({ busy, details, form }: ContactFrameProps) {
  const section = useSiteTexts().contact
  return (
    <section
      id="contact"
      aria-labelledby="contact-heading"
      aria-busy={busy || undefined}
      className="scroll-mt-16 bg-slate-50 py-20 md:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="grid overflow-hidden rounded-3xl bg-primary shadow-2xl shadow-slate-900/10 lg:grid-cols-5">
          <div className="relative px-6 py-12 sm:px-10 lg:col-span-2 lg:py-16">
            <div aria-hidden="true" className="pleat-lines absolute inset-0 opacity-[0.05]" />
            <div className="relative">
              <SectionHeading
                id="contact-heading"
                eyebrow={section.eyebrow}
                title={section.heading}
                intro={section.intro}
                align="left"
                tone="dark"
              />
              {details}
            </div>
          </div>
          <Card variant="elevated" className="m-2 rounded-[1.25rem] px-5 py-8 sm:m-3 sm:px-10 sm:py-10 lg:col-span-3">
            {form}
          </Card>
        </div>
      </div>
    </section>
  )
}

/**
 * The details shown for this contact_info row, in their order (none when there is no row).
 * The hours always show: the owner's week, or the default one until it is set.
 */
export function contactDetailFields(info: ContactInfo | null | undefined) {
  if (!info) return []
  return [...(['phone', 'email', 'address'] as const).filter((field) => Boolean(info[field])), 'hours' as const]
}

export const contactDetailsClass = 'mt-10 grid gap-6'
