// The API's URL for the public pages, without loading supabase-js (which they import only
// after the first paint): the one pleat injects, else vite dev's, else this origin. The
// same order as lib/supabase.ts resolves it.

export function apiUrl(): string {
  if (typeof window === 'undefined') return 'http://localhost'
  const injected = window.__PLEAT_CONFIG__?.url?.trim()
  const env = (import.meta.env.VITE_SUPABASE_URL as string | undefined)?.trim()
  return injected || env || window.location.origin
}
