import { describe, expect, it, vi } from 'vitest'
import { codeErrorText, passkeyErrorText, registerErrorText } from './mfa-errors'

const retryAfterSeconds = vi.fn<(path: string) => number | undefined>()
vi.mock('@/lib/retry-after', () => ({ retryAfterSeconds: (path: string) => retryAfterSeconds(path) }))

describe('codeErrorText', () => {
  it('says a wrong code is wrong, and an old challenge took too long', () => {
    expect(codeErrorText({ status: 422, code: 'mfa_verification_failed' })).toMatch(/^That code is not right/)
    expect(codeErrorText({ status: 422, code: 'mfa_challenge_expired' })).toMatch(/took too long/)
  })
  it('turns the server\u2019s throttling into minutes to wait, from its Retry-After', () => {
    retryAfterSeconds.mockImplementation((path) => (path === '/verify' ? 61 : undefined))
    expect(codeErrorText({ status: 429, code: 'over_request_rate_limit' })).toBe('Too many code attempts. Try again in 2 minutes.')
    retryAfterSeconds.mockReturnValue(undefined)
    expect(codeErrorText({ status: 429 })).toBe('Too many code attempts. Wait a while, then try again.')
  })
  it('says when the server could not be reached', () => {
    expect(codeErrorText(new TypeError('Failed to fetch'))).toBe("Can't reach the server. Check your connection and try again.")
  })
})

describe('passkey errors', () => {
  it('tells a cancelled ceremony from an unknown passkey', () => {
    expect(passkeyErrorText({ name: 'NotAllowedError', code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' })).toMatch(/^No passkey was used/)
    expect(passkeyErrorText({ status: 400, code: 'webauthn_verification_failed' })).toMatch(/^This passkey was not accepted/)
    expect(passkeyErrorText({ status: 500 })).toBe('Error signing in with the passkey. Please try again.')
  })
  it('says a device registered twice is already registered', () => {
    expect(registerErrorText({ code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' })).toBe('This device is already registered.')
    expect(registerErrorText({ name: 'NotAllowedError' })).toMatch(/did not register/)
  })
})
