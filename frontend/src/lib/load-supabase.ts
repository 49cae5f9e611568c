// The public pages' way to the Supabase client. `./supabase` (and with it supabase-js, a
// third of the landing page's JavaScript) is imported on first use, and not before the
// page's first paint: the header and the sections' loading states show first, without
// sharing the network with it (or with the reads), then it and the reads follow at once. The client is
// still the one of lib/supabase.ts.
import type { SupabaseClient } from '@supabase/supabase-js'
import { importWithRetry } from './import-with-retry'

let client: Promise<SupabaseClient> | undefined

/**
 * Resolves once the browser reports the page's first contentful paint (at once if it
 * already has), or soon where it reports none (older browsers, hidden tabs).
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const supported = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')
    if (!supported) {
      setTimeout(resolve, 50)
      return
    }
    const done = () => {
      observer.disconnect()
      clearTimeout(fallback)
      resolve()
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done()
    })
    const fallback = setTimeout(done, 500)
    observer.observe({ type: 'paint', buffered: true })
  })
}

export function loadSupabase(): Promise<SupabaseClient> {
  client ??= afterFirstPaint()
    .then(() => importWithRetry(() => import('./supabase')))
    .then(
      (module) => module.supabase,
      (error: unknown) => {
        // A chunk that failed to load (offline, say) is imported anew next time, never the
        // failed promise again: the contact form works as soon as the network is back.
        client = undefined
        throw error
      },
    )
  return client
}
