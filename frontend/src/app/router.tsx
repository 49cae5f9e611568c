// The route table: the only place where pages and features are put together. Declarative
// routing (BrowserRouter + useRoutes): the app uses no loaders or actions, and the data
// router would add ~17 kB gzip to what the landing page loads.
import { Suspense, type ReactNode } from 'react'
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router'
import { LoadBoundary } from '@/components/ui/load-boundary'
import { lazyWithRetry } from '@/lib/lazy-with-retry'
import { PublicLayout } from './public-layout'
import { LandingRoute } from './routes/landing'
import { PortfolioRoute } from './routes/portfolio'

// Own chunks: the admin (and its rich-text editor) never loads on the public pages, nor
// does the page where an app asks to use an account (it needs supabase-js and the sign-in
// form), and the legal texts and the not-found page only load on their pages. /portfolio (2 kB gzip
// beyond what the landing page loads) is in the entry: as a chunk of its own, a phone
// fetched it only once the entry had run, a round trip before its first card could paint.
// Each retries its load, and a page that still cannot load says so with "Try again".
const AdminRoute = lazyWithRetry(
  () => import('./routes/admin'),
  (m) => m.default,
)
const NotFoundRoute = lazyWithRetry(
  () => import('./routes/not-found'),
  (m) => m.NotFoundRoute,
)
const TermsRoute = lazyWithRetry(
  () => import('./routes/terms'),
  (m) => m.TermsRoute,
)
const PrivacyRoute = lazyWithRetry(
  () => import('./routes/privacy'),
  (m) => m.PrivacyRoute,
)
const OAuthConsentRoute = lazyWithRetry(
  () => import('./routes/oauth-consent'),
  (m) => m.default,
)

function RouteFallback() {
  return (
    <p role="status" className="flex min-h-screen items-center justify-center px-4 text-slate-500">
      Loading...
    </p>
  )
}

function LazyPage({ children }: { children: ReactNode }) {
  return (
    <LoadBoundary variant="page">
      <Suspense fallback={<RouteFallback />}>{children}</Suspense>
    </LoadBoundary>
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
          <LazyPage>
            <TermsRoute />
          </LazyPage>
        ),
      },
      {
        path: 'privacy',
        element: (
          <LazyPage>
            <PrivacyRoute />
          </LazyPage>
        ),
      },
      {
        path: '*',
        element: (
          <LazyPage>
            <NotFoundRoute />
          </LazyPage>
        ),
      },
    ],
  },
  // The admin has its own full-screen layout (header, sections), not the site's.
  {
    path: 'admin',
    element: (
      <LazyPage>
        <AdminRoute />
      </LazyPage>
    ),
  },
  // Where GoTrue's /oauth/authorize sends a person an app asked to sign in with this site
  // (PLEAT_OAUTH_SERVER_AUTHORIZATION_PATH): a focused card of its own.
  {
    path: 'oauth/consent',
    element: (
      <LazyPage>
        <OAuthConsentRoute />
      </LazyPage>
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
