// The footer: brand and description, quick links to the landing sections, the services
// (the owner's list, or the services' titles), the legal pages and the copyright line.
import { type MouseEvent, type ReactNode } from 'react'
import { Link } from 'react-router'
import { landingNav, legalNav, siteConfig, texts, type SectionAnchor } from '@/config/site'
import { sectionHref, useSectionLink } from './use-section-link'
import { SocialLinks } from './social-links'
import { socialProfiles, type SocialAddresses } from './social-profiles'

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wider text-white uppercase">{title}</h2>
      <ul className="mt-4 space-y-3 text-sm">{children}</ul>
    </div>
  )
}

const linkClass = 'text-slate-300 transition-colors hover:text-secondary'

interface SiteFooterProps {
  /** The site's title, in the copyright line. */
  title: string
  description: string
  /** The brand shown at the top (logo and title). */
  brand: ReactNode
  /** The business's social profiles, linked when they are web addresses. */
  contact: SocialAddresses | null | undefined
  /** The services listed, in order. */
  services: readonly string[]
}

export function SiteFooter({ title, description, brand, contact, services }: SiteFooterProps) {
  const goTo = useSectionLink()

  const follow = (anchor: SectionAnchor) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return
    event.preventDefault()
    goTo(anchor)
  }

  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto max-w-7xl px-4 pt-16 pb-8 sm:px-6 lg:px-8">
        <div className="grid gap-12 md:grid-cols-2 lg:grid-cols-12">
          <div className="lg:col-span-5">
            {brand}
            <p className="mt-5 max-w-sm leading-relaxed text-slate-400">{description}</p>
            {socialProfiles(contact).length > 0 && <SocialLinks info={contact} className="mt-6" />}
          </div>
          <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 md:col-span-1 lg:col-span-7">
            <FooterColumn title={texts.footer.quickLinks}>
              {landingNav.map((item) => (
                <li key={item.anchor}>
                  <a href={sectionHref(item.anchor)} onClick={follow(item.anchor)} className={linkClass}>
                    {item.label}
                  </a>
                </li>
              ))}
            </FooterColumn>
            <FooterColumn title={texts.footer.services}>
              {services.map((service, index) => (
                <li key={`${index}-${service}`} className="text-slate-300">
                  {service}
                </li>
              ))}
            </FooterColumn>
            <FooterColumn title={texts.footer.legal}>
              {legalNav.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className={linkClass}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </FooterColumn>
          </div>
        </div>
        <div className="mt-14 border-t border-white/10 pt-8 text-sm text-slate-400">
          <p>
            &copy; {siteConfig.copyrightYear} {title}. {texts.footer.rights}
          </p>
        </div>
      </div>
    </footer>
  )
}
