//! React.lazy keeps a failed load for good, so one network drop would break its part of the
//! page until a reload. These components load through importWithRetry instead. A failure
//! is kept (so React shows the error boundary rather than asking again at once, forever)
//! until the boundary's "Try again" calls forgetFailedLoads; then they load anew.
import { use, type ComponentType, type ReactNode } from 'react'
import { importWithRetry } from './import-with-retry'

export interface RetryingComponent<P extends object> {
  (props: P): ReactNode
  /** Starts loading ahead of use (a hover, say); a failure here is forgotten, not shown. */
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
  let pending: Promise<ComponentType<P>> | null = null
  const forget = (failed: Promise<ComponentType<P>>) => () => {
    if (pending === failed) pending = null
  }
  const get = () => {
    if (pending) return pending
    const attempt: Promise<ComponentType<P>> = importWithRetry(load).then(pick)
    attempt.catch(() => failures.add(forget(attempt)))
    pending = attempt
    return attempt
  }

  function Retrying(props: P) {
    const Component = use(get())
    return <Component {...props} />
  }
  Retrying.preload = () => {
    const attempt = get()
    attempt.catch(forget(attempt))
  }
  return Retrying
}
