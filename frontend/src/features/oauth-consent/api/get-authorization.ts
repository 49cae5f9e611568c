// GET /auth/v1/oauth/authorizations/{id} (supabase-js auth.oauth.getAuthorizationDetails)
// for the signed-in person: either what the app asks for (consent needed), or, when this
// account already allowed the app these scopes, the address to go back to at once.
import type { OAuthAuthorizationDetails } from '@supabase/supabase-js'
import { useCallback, useEffect, useState } from 'react'
import { supabase } from '@/lib/supabase'
import { ConsentError, consentProblem, type ConsentProblem } from '../consent-errors'

export type AuthorizationRequest = { kind: 'ask'; details: OAuthAuthorizationDetails } | { kind: 'redirect'; url: string }

/** Reads the request; rejects with a ConsentError saying what went wrong. */
export async function getAuthorization(authorizationId: string): Promise<AuthorizationRequest> {
  const { data, error } = await supabase.auth.oauth.getAuthorizationDetails(authorizationId)
  if (error || !data) {
    console.error('Error reading the authorization request:', error)
    throw new ConsentError(consentProblem(error), error)
  }
  if ('redirect_url' in data) return { kind: 'redirect', url: data.redirect_url }
  return { kind: 'ask', details: data }
}

export type AuthorizationState =
  { status: 'loading' } | { status: 'done'; request: AuthorizationRequest } | { status: 'failed'; problem: ConsentProblem }

/**
 * The request as `userId` sees it, read again when the account changes (GoTrue ties the
 * request to the first account that reads it) and on `retry`. Nothing is read without an
 * account: GoTrue answers only a signed-in person.
 */
export function useAuthorization(authorizationId: string, userId: string | null) {
  const [attempt, setAttempt] = useState(0)
  const key = userId ? `${authorizationId}:${userId}:${attempt}` : null
  const [result, setResult] = useState<{ key: string; state: AuthorizationState } | null>(null)

  useEffect(() => {
    if (!key) return
    let active = true
    getAuthorization(authorizationId).then(
      (request) => active && setResult({ key, state: { status: 'done', request } }),
      (error: unknown) => {
        const problem = error instanceof ConsentError ? error.problem : 'failed'
        if (active) setResult({ key, state: { status: 'failed', problem } })
      },
    )
    return () => {
      active = false
    }
  }, [authorizationId, key])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  const state: AuthorizationState = result && result.key === key ? result.state : { status: 'loading' }
  return { state, retry }
}
