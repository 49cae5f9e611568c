//! React.lazy keeps a failed load for good, so one network drop would break its part of the
//! page until a reload. These components load through importWithRetry instead, and a
//! failure is kept (so React shows the error boundary, rather than asking again at once,
//! forever) only until the boundary's "Try again" calls forgetFailedLoads: the component
//! then stands for a fresh React.lazy, which loads anew.
import { createElement, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react'
import { importWithRetry } from './import-with-retry'

export interface RetryingComponent<P extends object> {
  (props: P): ReactNode
  /** Starts loading ahead of use (a hover, say); a failure here is not shown. */
  preload: () => void
}

/** How to forget each load that failed. */
const failures = new Set<() => void>()

/** Lets every component whose load failed try again at its next render. */
export function forgetFailedLoads(): void {
  for (const forget of failures) forget()
  failures.clear()
}

/**
 * A component loaded on first render from `load` (a bare `() => import('./module')`),
 * `pick` choosing the component from the module. Render it inside <Suspense> and an error
 * boundary that calls forgetFailedLoads before trying again (components/ui/load-boundary).
 */
export function lazyWithRetry<P extends object, M>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): RetryingComponent<P> {
  const fresh = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      importWithRetry(load).then(
        (module) => ({ default: pick(module) }),
        (error: unknown) => {
          failures.add(() => (current.component = fresh()))
          throw error
        },
      ),
    )
  const current = { component: fresh() }

  function Retrying(props: P) {
    return createElement(current.component, props)
  }
  Retrying.preload = () => {
    // The browser keeps the loaded module, so the component's own import finds it at once.
    importWithRetry(load, { reload: false }).catch(() => {})
  }
  return Retrying
}
