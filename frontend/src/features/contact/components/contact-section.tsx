// Landing page contact section: how to reach the business, and the quote request form.
import { Clock, Mail, MapPin, Phone } from 'lucide-react'
import type { ReactNode } from 'react'
import { displayAddress, mapsUrl } from '@/features/contact-details/address'
import { hoursText } from '@/features/contact-details/opening-hours'
import { useServices } from '@/features/services/api/get-services'
import { useContactInfo } from '@/features/site/api/get-contact-info'
import type { ContactInfo } from '@/features/site/types'
import { useSubmitContactMessage } from '../api/submit-contact-message'
import { ContactForm } from './contact-form'
import { ContactFrame, contactDetailFields, contactDetailsClass } from './contact-frame'
import { SpecialHoursList } from './special-hours-list'
import { contactSectionTexts as t } from '../texts'

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
  const address = displayAddress(info)
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
      {address && (
        <DetailRow icon={<MapPin aria-hidden="true" />} label="Address">
          <address className="not-italic">
            <a
              href={mapsUrl(address)}
              target="_blank"
              rel="noopener"
              aria-label={t.mapLinkLabel(address)}
              data-testid="address-map-link"
              className="hover:underline"
            >
              {address}
            </a>
          </address>
        </DetailRow>
      )}
      <DetailRow icon={<Clock aria-hidden="true" />} label="Hours">
        <span data-testid="contact-hours">{hoursText(info)}</span>
        {info.hours_note && (
          <span data-testid="contact-hours-note" className="mt-0.5 block text-sm text-slate-300">
            {info.hours_note}
          </span>
        )}
        <SpecialHoursList value={info.special_hours} />
      </DetailRow>
    </ul>
  )
}

export function ContactSection() {
  const { data: info } = useContactInfo()
  const { data: services } = useServices()
  const { submit } = useSubmitContactMessage()

  return (
    <ContactFrame
      details={<ContactDetails info={info} />}
      form={<ContactForm onSubmit={submit} services={services} phone={info?.phone} />}
    />
  )
}
