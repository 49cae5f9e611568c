import { describe, expect, it } from 'vitest'
import { failureText } from './network-error'
import { isSessionEndedError, onSessionEndedReport, signedOutText } from './session-ended'
import { errorMessage } from './use-query'

describe('a refusal because the session ended', () => {
  it('is recognised from each API, as supabase-js passes it on', () => {
    // /rest/v1 (postgrest-js), /storage/v1 (storage-js), /auth/v1 (auth-js).
    expect(isSessionEndedError({ code: 'PGRST301', message: 'JWT session has ended', details: null, hint: null })).toBe(true)
    expect(isSessionEndedError({ code: 'PGRST303', message: 'JWT expired' })).toBe(true)
    expect(isSessionEndedError(new Error('JWT session has ended: the session this token belongs to was signed out'))).toBe(true)
    expect(isSessionEndedError(Object.assign(new Error('Auth session missing!'), { name: 'AuthSessionMissingError' }))).toBe(true)
  })

  it('is not any other refusal', () => {
    expect(isSessionEndedError({ code: '42501', message: 'new row violates row-level security policy' })).toBe(false)
    expect(isSessionEndedError(new TypeError('Failed to fetch'))).toBe(false)
    expect(isSessionEndedError(null)).toBe(false)
  })

  it("becomes the signed-out sentence in every editor's failure text, and is reported", () => {
    let reports = 0
    const stop = onSessionEndedReport(() => (reports += 1))
    const message = errorMessage({ code: 'PGRST301', message: 'JWT session has ended' })
    stop()
    expect(message).toBe(signedOutText)
    expect(reports).toBe(1)
    expect(failureText('Error saving content. Please try again.', message)).toBe(signedOutText)
    expect(failureText('Error saving service. Please try again.', message)).toBe(signedOutText)
  })
})
