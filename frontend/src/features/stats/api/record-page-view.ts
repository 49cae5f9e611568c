// Sends one page view to the site's statistics (rpc('record_page_view')) without
// supabase-js, which the public pages load only after their first paint: a plain
// `fetch` with `keepalive`, so a view sent as the visitor leaves still arrives. It never
// waits, throws or retries: a view that does not arrive is only a view less.
import { apiUrl } from '@/features/media/api-url'
import type { PageView } from '../visit'

function anonKey(): string | undefined {
  const injected = window.__PLEAT_CONFIG__?.anonKey?.trim()
  const env = (import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined)?.trim()
  return injected || env || undefined
}

export function recordPageView(view: PageView): void {
  const key = anonKey()
  if (!key) return
  try {
    fetch(`${apiUrl()}/rest/v1/rpc/record_page_view`, {
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(view),
    }).catch(() => undefined)
  } catch {
    // A browser without fetch, or one refusing the request outright: no view.
  }
}
