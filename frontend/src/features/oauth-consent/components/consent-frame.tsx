// The frame of /oauth/consent: a focused card under the site's brand (logo and title,
// linking home) in the site's colours, as a "Sign in with <site>" screen is expected to
// look; no site header or footer to wander off into while an app waits. Names the tab.
import { useEffect, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Card } from '@/components/ui/card'
import { useSiteSettings } from '@/features/site/api/get-site-settings'
import { SiteLogo } from '@/features/site/components/site-logo'
import { SiteTheme } from '@/features/site/components/site-theme'
import { resolveSiteIdentity } from '@/features/site/site-identity'
import { consentTexts } from '../texts'

/** The site's title as the page names it ("Sign in to <site>"), with the spec's default. */
export function useSiteTitle(): string {
  const { data } = useSiteSettings()
  return resolveSiteIdentity(data).title
}

export function ConsentFrame({ children }: { children: ReactNode }) {
  const { data } = useSiteSettings()
  const identity = resolveSiteIdentity(data)
  useEffect(() => {
    document.title = consentTexts.documentTitle(identity.title)
  }, [identity.title])

  return (
    <main className="flex min-h-screen flex-col items-center bg-slate-100 px-4 py-8 sm:justify-center sm:py-12">
      <SiteTheme />
      <Link
        to="/"
        className="mb-6 inline-flex max-w-full rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-secondary"
      >
        <SiteLogo title={identity.title} logoUrl={identity.logoUrl} />
      </Link>
      <Card variant="elevated" className="w-full max-w-md p-6 sm:p-10">
        {children}
      </Card>
    </main>
  )
}
