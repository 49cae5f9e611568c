// "Sign in with Google" and the like: which providers the server has switched on (its
// GET /auth/v1/settings `external`, read with fetch as supabase-js has no call for it),
// and sending the browser to one through supabase-js `signInWithOAuth`, back to the page
// that asked (/admin, or the page where an app asks to use the account), where supabase-js
// takes the session from the address. The server lets it come back only to an address
// its redirect allow-list (PLEAT_REDIRECT_URLS, the site by default) accepts.
import type { Provider } from '@supabase/supabase-js'
import { authProviders, type AuthProvider } from '@/config/auth-providers'
import { supabase, supabaseConfig } from '@/lib/supabase'
import { useQuery } from '@/lib/use-query'

export async function getEnabledProviders(): Promise<AuthProvider[]> {
  const response = await fetch(`${supabaseConfig.url}/auth/v1/settings`, { headers: { apikey: supabaseConfig.anonKey } })
  if (!response.ok) throw new Error(`GET /auth/v1/settings answered ${response.status}`)
  const body = (await response.json()) as { external?: Record<string, unknown> }
  return authProviders.filter((p) => body.external?.[p.id] === true)
}

/** The enabled providers; none while loading or when the settings cannot be read. */
export function useEnabledProviders(): AuthProvider[] {
  const { data } = useQuery('auth_providers', getEnabledProviders)
  return data ?? []
}

export async function signInWithProvider(provider: AuthProvider, returnTo: string): Promise<void> {
  const { error } = await supabase.auth.signInWithOAuth({
    // Pleat's generic `oidc` is not in supabase-js's list of names; it is sent as given.
    provider: provider.id as Provider,
    options: { redirectTo: returnTo },
  })
  if (error) throw error
}
