// Shell around every public route: theme, header, the routed page, footer.
import { useEffect, useRef } from 'react'
import { Outlet, useLocation } from 'react-router'
import { SiteTheme } from '@/features/site/components/site-theme'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

/** A new page starts at its top (a link to /#section scrolls there instead). */
function useScrollToTopOnNavigation() {
  const { pathname, hash } = useLocation()
  const previous = useRef(pathname)
  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    if (!hash) window.scrollTo({ top: 0, behavior: 'instant' })
  }, [pathname, hash])
}

export function SiteLayout() {
  useScrollToTopOnNavigation()
  return (
    <div className="flex min-h-screen flex-col">
      <SiteTheme />
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-white px-4 py-2 font-semibold text-slate-900 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  )
}
