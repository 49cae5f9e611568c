// Landing page contact section: how to reach the business, and the quote request form.
import { Clock, Mail, MapPin, Phone } from 'lucide-react'
import type { ReactNode } from 'react'
import { useContactInfo } from '@/features/site/api/get-contact-info'
import type { ContactInfo } from '@/features/site/types'
import { useSubmitContactMessage } from '../api/submit-contact-message'
import { ContactForm } from './contact-form'
import { ContactFrame, contactDetailFields, contactDetailsClass } from './contact-frame'

function DetailRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-foreground/10 text-secondary-on-primary [&_svg]:size-5">
        {icon}
      </span>
      <div>
        <p className="text-xs font-semibold tracking-wider text-primary-muted uppercase">{label}</p>
        <div className="mt-0.5 text-primary-foreground">{children}</div>
      </div>
    </li>
  )
}

export function ContactDetails({ info }: { info: ContactInfo | null | undefined }) {
  if (!info || contactDetailFields(info).length === 0) return null
  return (
    <ul className={contactDetailsClass}>
      {info.phone && (
        <DetailRow icon={<Phone aria-hidden="true" />} label="Phone">
          <a href={`tel:${info.phone.replace(/[^\d+]/g, '')}`} className="hover:underline">
            {info.phone}
          </a>
        </DetailRow>
      )}
      {info.email && (
        <DetailRow icon={<Mail aria-hidden="true" />} label="Email">
          <a href={`mailto:${info.email}`} className="break-all hover:underline">
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

  return <ContactFrame details={<ContactDetails info={info} />} form={<ContactForm onSubmit={submit} />} />
}
