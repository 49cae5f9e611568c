//! React.lazy keeps a failed load for good, so one network drop would break its part of the
//! page until a reload. These components load through importWithRetry instead, and forget a
//! failure: once an error boundary's "Try again" renders them again, they load anew.
import { use, type ComponentType, type ReactNode } from 'react'
import { importWithRetry } from './import-with-retry'

export interface RetryingComponent<P extends object> {
  (props: P): ReactNode
  /** Starts loading ahead of use (a hover, say); a failure here is forgotten, not thrown. */
  preload: () => void
}

/**
 * A component loaded on first render from `load` (a bare `() => import('./module')`),
 * `pick` choosing the component from the module. Render it inside <Suspense> and an error
 * boundary.
 */
export function lazyWithRetry<P extends object, M>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): RetryingComponent<P> {
  let pending: Promise<ComponentType<P>> | null = null
  const get = () =>
    (pending ??= importWithRetry(load).then(pick, (error: unknown) => {
      pending = null
      throw error
    }))

  function Retrying(props: P) {
    const Component = use(get())
    return <Component {...props} />
  }
  Retrying.preload = () => {
    get().catch(() => {})
  }
  return Retrying
}
