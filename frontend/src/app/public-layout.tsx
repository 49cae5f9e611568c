// The frame of every public route: components/layout's header, footer and shell, showing
// the site's identity and contact details (features/site) and wearing its theme. The
// header and the footer each read what they show, so a read re-renders only them. Each
// page shown here counts a view in the site's own statistics (features/stats).
import { SiteFooter } from '@/components/layout/site-footer'
import { SiteHeader } from '@/components/layout/site-header'
import { SiteLayout } from '@/components/layout/site-layout'
import { PreviewBanner } from '@/features/history/components/preview-banner'
import { useServices } from '@/features/services/api/get-services'
import { useContactInfo } from '@/features/site/api/get-contact-info'
import { useSiteTexts } from '@/features/site-texts/api/get-site-texts'
import { footerServiceNames } from '@/features/site-texts/resolve'
import { useSiteSettings } from '@/features/site/api/get-site-settings'
import { SiteLogo } from '@/features/site/components/site-logo'
import { SiteTheme } from '@/features/site/components/site-theme'
import { PageViewRecorder } from '@/features/stats/components/page-view-recorder'
import { resolveSiteIdentity } from '@/features/site/site-identity'

function Header() {
  const { data: settings } = useSiteSettings()
  const identity = resolveSiteIdentity(settings)
  return <SiteHeader title={identity.title} brand={<SiteLogo title={identity.title} logoUrl={identity.logoUrl} truncate />} />
}

function Footer() {
  const { data: settings } = useSiteSettings()
  const { data: contact } = useContactInfo()
  const site = useSiteTexts()
  const { data: services } = useServices()
  const identity = resolveSiteIdentity(settings)
  return (
    <SiteFooter
      title={identity.title}
      description={identity.description}
      brand={<SiteLogo title={identity.title} logoUrl={identity.logoUrl} tone="dark" />}
      contact={contact}
      services={footerServiceNames(site, services)}
    />
  )
}

export function PublicLayout() {
  return (
    <>
      <SiteTheme />
      <PageViewRecorder />
      <PreviewBanner />
      <SiteLayout header={<Header />} footer={<Footer />} />
    </>
  )
}
