import { describe, expect, it } from 'vitest'
import { accountTexts } from '@/config/account'
import { emailLinkFromHash, validateEmail, validateNewPassword } from './validation'

describe('validateNewPassword', () => {
  it('wants eight characters typed twice alike', () => {
    expect(validateNewPassword('short', 'short')).toBe(accountTexts.errors.passwordShort)
    expect(validateNewPassword('long-enough', 'long-enougH')).toBe(accountTexts.errors.passwordMismatch)
    expect(validateNewPassword('long-enough', 'long-enough')).toBeNull()
  })
})

describe('validateEmail', () => {
  it('accepts an address, refuses junk, and empty only when optional', () => {
    expect(validateEmail(' a@b.co ')).toBeNull()
    expect(validateEmail('nope')).toBe(accountTexts.errors.email)
    expect(validateEmail('')).toBe(accountTexts.errors.email)
    expect(validateEmail('  ', true)).toBeNull()
    expect(validateEmail(`${'a'.repeat(320)}@b.co`)).toBe(accountTexts.errors.email)
  })
})

describe('emailLinkFromHash', () => {
  it('reads the session type or the refusal a mail link left in the fragment', () => {
    expect(emailLinkFromHash('#access_token=x&refresh_token=y&type=recovery')).toEqual({ kind: 'recovery' })
    expect(emailLinkFromHash('#access_token=x&type=invite')).toEqual({ kind: 'invite' })
    expect(emailLinkFromHash('#access_token=x&type=magiclink')).toBeNull()
    expect(emailLinkFromHash('#error=access_denied&error_code=otp_expired')).toEqual({ kind: 'expired' })
    expect(emailLinkFromHash('')).toBeNull()
  })
})
