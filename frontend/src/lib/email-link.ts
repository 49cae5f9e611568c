// What an emailed auth link left in the address when the page loaded. supabase-js reads
// the session from the fragment and then clears it, so this is captured as the client
// module is evaluated (lib/supabase.ts imports it first), before that can happen.

export type EmailLink = { kind: 'recovery' | 'invite' } | { kind: 'expired' } | null

/**
 * What an emailed link put in the URL fragment: a recovery or invite session (then the
 * owner must choose a password), or GoTrue's refusal (`error_code=otp_expired`).
 */
export function emailLinkFromHash(hash: string): EmailLink {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  if (params.get('error')) return { kind: 'expired' }
  const type = params.get('type')
  if (params.get('access_token') && (type === 'recovery' || type === 'invite')) return { kind: type }
  return null
}

export const landingEmailLink: EmailLink = typeof window === 'undefined' ? null : emailLinkFromHash(window.location.hash)
