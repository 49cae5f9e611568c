// Whether this server sends mail at all: Pleat's GET /auth/v1/settings carries
// `smtp_configured` (false when PLEAT_SMTP_URL is unset) beside GoTrue's keys; supabase-js
// has no call for that endpoint, so it is read with fetch and the anon key. A server
// that does not say (another GoTrue), or a failed read, counts as sending: the admin
// only warns when the server said no.
import { supabaseConfig } from '@/lib/supabase'
import { useQuery } from '@/lib/use-query'

export async function getMailStatus(): Promise<{ smtpConfigured: boolean }> {
  const response = await fetch(`${supabaseConfig.url}/auth/v1/settings`, { headers: { apikey: supabaseConfig.anonKey } })
  if (!response.ok) throw new Error(`GET /auth/v1/settings answered ${response.status}`)
  const body = (await response.json()) as { smtp_configured?: unknown }
  return { smtpConfigured: body.smtp_configured !== false }
}

/** True only once the server said it sends no mail. */
export function useMailNotSetUp(): boolean {
  const { data } = useQuery('auth_settings', getMailStatus)
  return data?.smtpConfigured === false
}
