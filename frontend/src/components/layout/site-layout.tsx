// Shell around every public route: skip link, header, the routed page, footer (the
// header and footer are given, so the caller decides what they show).
import { useEffect, useRef, type ReactNode } from 'react'
import { Outlet, useLocation } from 'react-router'

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

export function SiteLayout({ header, footer }: { header: ReactNode; footer: ReactNode }) {
  useScrollToTopOnNavigation()
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-white px-4 py-2 font-semibold text-slate-900 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {header}
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      {footer}
    </div>
  )
}
