// The app's single Supabase client and the rules for finding its URL and anon key.
import { createClient } from '@supabase/supabase-js'
import type { Database } from './database.types'
import './email-link'
import { fetchRememberingRetryAfter } from './retry-after'

/** Connection settings for the Supabase-compatible API. */
export interface SupabaseConfig {
  url: string
  anonKey: string
}

/**
 * Shape of the global that `pleat serve` injects into index.html, right after `<head>`:
 * `<script>window.__PLEAT_CONFIG__={"url":"http://host:port","anonKey":"eyJ…"}</script>`
 */
export interface PleatInjectedConfig {
  url?: string
  anonKey?: string
}

declare global {
  interface Window {
    __PLEAT_CONFIG__?: PleatInjectedConfig
  }
}

export interface SupabaseEnv {
  VITE_SUPABASE_URL?: string
  VITE_SUPABASE_ANON_KEY?: string
}

export type ConfigWindow = {
  __PLEAT_CONFIG__?: PleatInjectedConfig
  location: { origin: string }
}

function present(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/**
 * Picks each setting from, in order: the config injected by the server (so one built
 * site works against any deployment), the Vite env (for `vite dev`), and for the URL
 * only, the page's own origin (the site is normally served by `pleat` itself).
 */
export function resolveSupabaseConfig(win: ConfigWindow | undefined, env: SupabaseEnv): SupabaseConfig {
  const injected = win?.__PLEAT_CONFIG__
  const url = present(injected?.url) ?? present(env.VITE_SUPABASE_URL) ?? present(win?.location.origin)
  const anonKey = present(injected?.anonKey) ?? present(env.VITE_SUPABASE_ANON_KEY)

  if (!anonKey) {
    throw new Error(
      'Supabase anon key not found: expected window.__PLEAT_CONFIG__.anonKey (injected by `pleat serve`) ' +
        'or VITE_SUPABASE_ANON_KEY (for `vite dev`, see `pleat keys`).',
    )
  }
  if (!url) {
    throw new Error('Supabase URL not found: expected window.__PLEAT_CONFIG__.url, VITE_SUPABASE_URL or a page origin.')
  }
  return { url, anonKey }
}

export const supabaseConfig = resolveSupabaseConfig(typeof window === 'undefined' ? undefined : window, import.meta.env)

// The fetch keeps the Retry-After of a 429, which supabase-js leaves out of its errors.
// Passkeys are behind supabase-js 2.109's experimental flag: without it every passkey
// call throws.
export const supabase = createClient<Database>(supabaseConfig.url, supabaseConfig.anonKey, {
  global: { fetch: fetchRememberingRetryAfter },
  auth: { experimental: { passkey: true } },
})
