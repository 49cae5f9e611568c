import { describe, expect, it, vi } from 'vitest'
import { freeFactorName } from './two-step'
import { normalizeCode } from '@/features/auth/api/second-step'

vi.mock('@/lib/supabase', () => ({ supabase: {} }))

describe('freeFactorName', () => {
  it('names the first app plainly and the next ones by number, skipping names in use', () => {
    expect(freeFactorName([])).toBe('Authenticator app')
    expect(freeFactorName([{ friendly_name: 'Authenticator app' }])).toBe('Authenticator app 2')
    expect(freeFactorName([{ friendly_name: 'Authenticator app 2' }])).toBe('Authenticator app')
  })
})

describe('normalizeCode', () => {
  it('takes six digits, with the space apps put in the middle', () => {
    expect(normalizeCode('123 456')).toBe('123456')
    expect(normalizeCode(' 123456 ')).toBe('123456')
  })
  it('refuses anything else', () => {
    expect(normalizeCode('12345')).toBeNull()
    expect(normalizeCode('12345a')).toBeNull()
    expect(normalizeCode('1234567')).toBeNull()
  })
})
