import { describe, expect, it } from 'vitest'
import { accountTexts } from '@/config/account'
import { validateNewPassword } from './validation'

describe('validateNewPassword', () => {
  it('wants eight characters typed twice alike', () => {
    expect(validateNewPassword('short', 'short')).toBe(accountTexts.errors.passwordShort)
    expect(validateNewPassword('long-enough', 'long-enougH')).toBe(accountTexts.errors.passwordMismatch)
    expect(validateNewPassword('long-enough', 'long-enough')).toBeNull()
  })
})
