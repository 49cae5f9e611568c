// The frame of /oauth/consent: a focused card under the site's name (and the owner's logo
// when there is one), linking home, in the site's colours, as a "Sign in with <site>"
// screen is expected to look; no site header or footer to wander off into while an app
// waits. Names the tab. The logo is a plain image, not the header's SiteLogo: importing
// that from this chunk made the bundler split it out of the landing page's entry, a
// request and 0.6 kB more for every visitor.
import { useEffect, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Card } from '@/components/ui/card'
import { useSiteSettings } from '@/features/site/api/get-site-settings'
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
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-100 px-4 py-12">
      <SiteTheme />
      <Link
        to="/"
        className="mb-6 inline-flex max-w-full rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-secondary"
      >
        <span className="flex min-w-0 items-center gap-2.5">
          {identity.logoUrl && <img src={identity.logoUrl} alt="" height={36} className="h-9 w-auto max-w-32 object-contain" />}
          <span className="min-w-0 font-display text-xl font-semibold tracking-tight wrap-anywhere text-slate-950">{identity.title}</span>
        </span>
      </Link>
      <Card variant="elevated" className="w-full max-w-md p-6 sm:p-10">
        {children}
      </Card>
    </main>
  )
}
