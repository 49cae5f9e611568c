// Landing page contact section: how to reach the business, and the quote request form.
import { Clock, Mail, MapPin, Phone } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card } from '@/components/ui/card'
import { SectionHeading } from '@/components/ui/section-heading'
import { texts } from '@/config/site'
import { useContactInfo } from '@/features/site/api/get-contact-info'
import type { ContactInfo } from '@/features/site/types'
import { useSubmitContactMessage } from '../api/submit-contact-message'
import { ContactForm } from './contact-form'

function DetailRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-white/10 text-secondary [&_svg]:size-5">
        {icon}
      </span>
      <div>
        <p className="text-xs font-semibold tracking-wider text-slate-300 uppercase">{label}</p>
        <div className="mt-0.5 text-white">{children}</div>
      </div>
    </li>
  )
}

export function ContactDetails({ info }: { info: ContactInfo | null | undefined }) {
  if (!info || !(info.phone || info.email || info.address || info.business_hours)) return null
  return (
    <ul className="mt-10 grid gap-6">
      {info.phone && (
        <DetailRow icon={<Phone aria-hidden="true" />} label="Phone">
          <a href={`tel:${info.phone.replace(/[^\d+]/g, '')}`} className="hover:text-secondary">
            {info.phone}
          </a>
        </DetailRow>
      )}
      {info.email && (
        <DetailRow icon={<Mail aria-hidden="true" />} label="Email">
          <a href={`mailto:${info.email}`} className="break-all hover:text-secondary">
            {info.email}
          </a>
        </DetailRow>
      )}
      {info.address && (
        <DetailRow icon={<MapPin aria-hidden="true" />} label="Address">
          <address className="not-italic">{info.address}</address>
        </DetailRow>
      )}
      {info.business_hours && (
        <DetailRow icon={<Clock aria-hidden="true" />} label="Hours">
          {info.business_hours}
        </DetailRow>
      )}
    </ul>
  )
}

export function ContactSection() {
  const { data: info } = useContactInfo()
  const { submit } = useSubmitContactMessage()

  return (
    <section id="contact" aria-labelledby="contact-heading" className="scroll-mt-16 bg-slate-50 py-20 md:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="grid overflow-hidden rounded-3xl bg-primary shadow-2xl shadow-slate-900/10 lg:grid-cols-5">
          <div className="relative px-6 py-12 sm:px-10 lg:col-span-2 lg:py-16">
            <div aria-hidden="true" className="pleat-lines absolute inset-0 opacity-[0.05]" />
            <div className="relative">
              <SectionHeading
                id="contact-heading"
                eyebrow={texts.contact.eyebrow}
                title={texts.contact.heading}
                intro={texts.contact.intro}
                align="left"
                tone="dark"
              />
              <ContactDetails info={info} />
            </div>
          </div>
          <Card variant="elevated" className="m-2 rounded-[1.25rem] px-5 py-8 sm:m-3 sm:px-10 sm:py-10 lg:col-span-3">
            <ContactForm onSubmit={submit} />
          </Card>
        </div>
      </div>
    </section>
  )
}
