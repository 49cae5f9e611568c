// The route table: the only place where pages and features are put together.
import { lazy, Suspense, useState } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { SiteLayout } from '@/components/layout/site-layout'
import { LandingRoute } from './routes/landing'
import { NotFoundRoute } from './routes/not-found'
import { PortfolioRoute } from './routes/portfolio'
import { PrivacyRoute } from './routes/privacy'
import { TermsRoute } from './routes/terms'

const AdminRoute = lazy(() => import('./routes/admin'))

function RouteFallback() {
  return <p className="px-4 py-16 text-center text-slate-500">Loading...</p>
}

export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      { index: true, element: <LandingRoute /> },
      { path: 'portfolio', element: <PortfolioRoute /> },
      { path: 'terms', element: <TermsRoute /> },
      { path: 'privacy', element: <PrivacyRoute /> },
      {
        path: 'admin',
        element: (
          <Suspense fallback={<RouteFallback />}>
            <AdminRoute />
          </Suspense>
        ),
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes))
  return <RouterProvider router={router} />
}
