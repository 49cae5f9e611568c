import { describe, expect, it } from 'vitest'
import { consentProblem } from './consent-errors'

describe('consentProblem', () => {
  it.each([
    [{ name: 'AuthApiError', status: 404, code: 'oauth_authorization_not_found' }, 'invalid'],
    [{ name: 'AuthApiError', status: 400, code: 'validation_failed' }, 'invalid'],
    [{ name: 'AuthApiError', status: 404, code: 'feature_disabled' }, 'disabled'],
    // A server without the endpoint at all.
    [{ name: 'AuthApiError', status: 404, code: 'not_found' }, 'disabled'],
    [{ name: 'AuthSessionMissingError', status: 400 }, 'signedOut'],
    [{ name: 'AuthApiError', status: 403, code: 'bad_jwt' }, 'signedOut'],
    [{ name: 'AuthApiError', status: 403, code: 'session_not_found' }, 'signedOut'],
    [{ name: 'AuthApiError', status: 401, code: 'no_authorization' }, 'signedOut'],
    [{ name: 'AuthRetryableFetchError', status: 0, message: 'Failed to fetch' }, 'network'],
    [{ name: 'AuthApiError', status: 500, code: 'unexpected_failure' }, 'failed'],
    [{ name: 'AuthApiError', status: 429, code: 'over_request_rate_limit' }, 'failed'],
    [null, 'failed'],
  ])('%o is %s', (error, problem) => {
    expect(consentProblem(error)).toBe(problem)
  })
})
