// What an emailed auth link left in the address when the page loaded. supabase-js reads
// the session from the fragment and then clears it, so this is captured as the client
// module is evaluated (lib/supabase.ts imports it first), before that can happen.

export type EmailLink = { kind: 'recovery' | 'invite' } | { kind: 'expired' } | { kind: 'provider'; code: string } | null

/** GoTrue's error codes of a sign-in with an external provider (not of a mailed link). */
const PROVIDER_ERRORS = new Set([
  'bad_oauth_state',
  'bad_oauth_callback',
  'provider_refused',
  'provider_email_needs_verification',
  'provider_disabled',
  'signup_disabled',
  'identity_already_exists',
])

/**
 * What an emailed link put in the URL fragment: a recovery or invite session (then the
 * owner must choose a password), GoTrue's refusal (`error_code=otp_expired`), or the
 * refusal of a sign-in with an external provider.
 */
export function emailLinkFromHash(hash: string): EmailLink {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  const code = params.get('error_code') ?? ''
  if (params.get('error') && PROVIDER_ERRORS.has(code)) return { kind: 'provider', code }
  if (params.get('error')) return { kind: 'expired' }
  const type = params.get('type')
  if (params.get('access_token') && (type === 'recovery' || type === 'invite')) return { kind: type }
  return null
}

export const landingEmailLink: EmailLink = typeof window === 'undefined' ? null : emailLinkFromHash(window.location.hash)
