// Whether a session still owes its second step: the account has a verified factor
// (TOTP app, security key) and the access token's `aal` claim says only the password
// (or a passkey) was used. Read from the session supabase-js holds, which the token
// response fills; the admin asks the server too (use-assurance.ts), for a factor
// added from another device after this session began.
import type { Factor, Session, User } from '@supabase/supabase-js'

/** The verified second factors of `user`, TOTP first (the code field is the usual way in). */
export function verifiedFactors(user: Pick<User, 'factors'> | null | undefined): Factor[] {
  const factors = (user?.factors ?? []).filter((factor) => factor.status === 'verified')
  return [...factors].sort((a, b) => Number(b.factor_type === 'totp') - Number(a.factor_type === 'totp'))
}

/** The `aal` claim of a JWT, or null when it has none or cannot be read. */
export function tokenAal(accessToken: string): string | null {
  const payload = accessToken.split('.')[1]
  if (!payload) return null
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    )
    const aal: unknown = (JSON.parse(json) as { aal?: unknown }).aal
    return typeof aal === 'string' ? aal : null
  } catch {
    return null
  }
}

/** True when the session passed only its first step while the account has a second. */
export function needsSecondStep(session: Pick<Session, 'access_token' | 'user'> | null): boolean {
  if (!session) return false
  if (verifiedFactors(session.user).length === 0) return false
  const aal = tokenAal(session.access_token)
  return aal !== 'aal2' && aal !== 'aal3'
}
