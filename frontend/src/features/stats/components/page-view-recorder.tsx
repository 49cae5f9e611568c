// Counts a view of each public page the visitor sees (the layout of the public routes
// renders it; the admin never does): the first once the page has loaded and the browser
// is idle, so it never competes with what the page shows, and each move within the site
// after it. Renders nothing.
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { recordPageView } from '../api/record-page-view'
import { noteView, statsAllowed } from '../visit'

// The path last counted: a render twice over (StrictMode, a remount) counts once, and so
// does a change of the query or fragment only (a project opened in its popup, an anchor).
let lastPath: string | null = null
let documentViews = 0

function whenLoadedAndIdle(run: () => void): () => void {
  let idle: number | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(run, { timeout: 2000 })
    else timer = setTimeout(run, 0)
  }
  if (document.readyState === 'complete') schedule()
  else window.addEventListener('load', schedule, { once: true })
  return () => {
    window.removeEventListener('load', schedule)
    if (idle !== undefined) window.cancelIdleCallback(idle)
    if (timer !== undefined) clearTimeout(timer)
  }
}

function navigationType(): string {
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined
  return entry?.type ?? 'navigate'
}

export function PageViewRecorder() {
  const { pathname } = useLocation()
  useEffect(() => {
    if (pathname === lastPath || !statsAllowed(window)) return
    return whenLoadedAndIdle(() => {
      if (pathname === lastPath) return
      lastPath = pathname
      documentViews += 1
      const view = noteView(window, {
        path: pathname,
        referrer: document.referrer,
        ownHost: window.location.hostname,
        firstOfDocument: documentViews === 1,
        navigationType: navigationType(),
      })
      recordPageView(view)
    })
  }, [pathname])
  return null
}
