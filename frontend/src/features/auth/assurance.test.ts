import type { Factor } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { needsSecondStep, tokenAal, verifiedFactors } from './assurance'

const jwt = (claims: object) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`
const factor = (factor_type: Factor['factor_type'], status: Factor['status'], id = `${factor_type}-${status}`): Factor => ({
  id,
  factor_type,
  status,
  created_at: '2026-11-27T00:00:00Z',
  updated_at: '2026-11-27T00:00:00Z',
})
const session = (aal: string | undefined, factors: Factor[]) => ({ access_token: jwt({ sub: 'u', aal }), user: { factors } as never })

describe('tokenAal', () => {
  it('reads the claim, including from base64url with - and _', () => {
    expect(tokenAal(jwt({ aal: 'aal2', name: '??>>' }))).toBe('aal2')
  })
  it('is null for a token without the claim or one that cannot be read', () => {
    expect(tokenAal(jwt({ sub: 'u' }))).toBeNull()
    expect(tokenAal('not-a-jwt')).toBeNull()
    expect(tokenAal('a.%%%.c')).toBeNull()
  })
})

describe('needsSecondStep', () => {
  it('asks when a verified factor exists and the token is aal1', () => {
    expect(needsSecondStep(session('aal1', [factor('totp', 'verified')]))).toBe(true)
    expect(needsSecondStep(session(undefined, [factor('webauthn', 'verified')]))).toBe(true)
  })
  it('does not ask once the session is aal2', () => {
    expect(needsSecondStep(session('aal2', [factor('totp', 'verified')]))).toBe(false)
  })
  it('does not ask for an enrolment left half way, nor without a session', () => {
    expect(needsSecondStep(session('aal1', [factor('totp', 'unverified')]))).toBe(false)
    expect(needsSecondStep(null)).toBe(false)
  })
})

describe('verifiedFactors', () => {
  it('keeps the verified ones, authenticator apps first', () => {
    const list = verifiedFactors({ factors: [factor('webauthn', 'verified'), factor('totp', 'unverified'), factor('totp', 'verified')] })
    expect(list.map((f) => f.id)).toEqual(['totp-verified', 'webauthn-verified'])
  })
})
