// The route table: the only place where pages and features are put together. Declarative
// routing (BrowserRouter + useRoutes): the app uses no loaders or actions, and the data
// router would add ~17 kB gzip to what the landing page loads.
import { lazy, Suspense } from 'react'
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router'
import { PublicLayout } from './public-layout'
import { LandingRoute } from './routes/landing'
import { PortfolioRoute } from './routes/portfolio'

// Own chunks: the admin (and its rich-text editor) never loads on the public pages, and
// the legal texts and the not-found page only load on their pages. /portfolio (2 kB gzip
// beyond what the landing page loads) is in the entry: as a chunk of its own, a phone
// fetched it only once the entry had run, a round trip before its first card could paint.
const AdminRoute = lazy(() => import('./routes/admin'))
const NotFoundRoute = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundRoute })))
const TermsRoute = lazy(() => import('./routes/terms').then((m) => ({ default: m.TermsRoute })))
const PrivacyRoute = lazy(() => import('./routes/privacy').then((m) => ({ default: m.PrivacyRoute })))

function RouteFallback() {
  return (
    <p role="status" className="flex min-h-screen items-center justify-center px-4 text-slate-500">
      Loading...
    </p>
  )
}

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <LandingRoute /> },
      {
        path: 'portfolio',
        element: <PortfolioRoute />,
      },
      {
        path: 'terms',
        element: (
          <Suspense fallback={<RouteFallback />}>
            <TermsRoute />
          </Suspense>
        ),
      },
      {
        path: 'privacy',
        element: (
          <Suspense fallback={<RouteFallback />}>
            <PrivacyRoute />
          </Suspense>
        ),
      },
      {
        path: '*',
        element: (
          <Suspense fallback={<RouteFallback />}>
            <NotFoundRoute />
          </Suspense>
        ),
      },
    ],
  },
  // The admin has its own full-screen layout (header, sections), not the site's.
  {
    path: 'admin',
    element: (
      <Suspense fallback={<RouteFallback />}>
        <AdminRoute />
      </Suspense>
    ),
  },
]

export function AppRoutes() {
  return useRoutes(routes)
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  )
}
