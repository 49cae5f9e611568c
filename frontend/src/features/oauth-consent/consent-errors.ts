// What a failed call of the consent page means for the person looking at it. GoTrue's
// OAuth server answers an unknown, expired, answered or someone else's request alike, 404
// `oauth_authorization_not_found` (400 `validation_failed` once it is no longer pending),
// so one text covers them all; a server with the OAuth server off answers 404
// `feature_disabled` (or, without the endpoint at all, a plain 404); a session it refuses
// means signing in again.
import { isNetworkError } from '@/lib/network-error'

export type ConsentProblem = 'invalid' | 'disabled' | 'network' | 'signedOut' | 'failed'

interface AuthErrorLike {
  name?: unknown
  status?: unknown
  code?: unknown
}

/** The problem behind a supabase-js auth error (or anything thrown while calling it). */
export function consentProblem(error: unknown): ConsentProblem {
  if (isNetworkError(error)) return 'network'
  if (!error || typeof error !== 'object') return 'failed'
  const { name, status, code } = error as AuthErrorLike
  if (name === 'AuthSessionMissingError' || status === 401) return 'signedOut'
  if (status === 403 && (code === 'bad_jwt' || code === 'session_not_found' || code === 'user_not_found')) return 'signedOut'
  if (code === 'feature_disabled') return 'disabled'
  if (code === 'oauth_authorization_not_found') return 'invalid'
  if (status === 400 && code === 'validation_failed') return 'invalid'
  if (status === 404) return 'disabled'
  return 'failed'
}

/** An error that carries its problem, thrown by the page's calls. */
export class ConsentError extends Error {
  readonly problem: ConsentProblem

  constructor(problem: ConsentProblem, cause: unknown) {
    super(`OAuth consent call failed: ${problem}`, { cause })
    this.name = 'ConsentError'
    this.problem = problem
  }
}
