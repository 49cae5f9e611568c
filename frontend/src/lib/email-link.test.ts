import { describe, expect, it } from 'vitest'
import { emailLinkFromHash } from './email-link'

describe('emailLinkFromHash', () => {
  it('reads the session type or the refusal a mail link left in the fragment', () => {
    expect(emailLinkFromHash('#access_token=x&refresh_token=y&type=recovery')).toEqual({ kind: 'recovery' })
    expect(emailLinkFromHash('#access_token=x&type=invite')).toEqual({ kind: 'invite' })
    expect(emailLinkFromHash('#access_token=x&type=magiclink')).toBeNull()
    expect(emailLinkFromHash('#error=access_denied&error_code=otp_expired')).toEqual({ kind: 'expired' })
    expect(emailLinkFromHash('')).toBeNull()
  })

  it('tells a refused provider sign-in from a refused mail link', () => {
    expect(emailLinkFromHash('#error=access_denied&error_code=provider_email_needs_verification&sb=')).toEqual({
      kind: 'provider',
      code: 'provider_email_needs_verification',
    })
    expect(emailLinkFromHash('#error=invalid_request&error_code=bad_oauth_state')).toEqual({ kind: 'provider', code: 'bad_oauth_state' })
    expect(emailLinkFromHash('#access_token=x&refresh_token=y&provider_token=z&sb=')).toBeNull()
  })
})
