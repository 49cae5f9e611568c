import { describe, expect, it } from 'vitest'
import { accountTexts } from '@/config/account'
import { normalizeEmail, validateEmail, validateSignIn } from './validation'

describe('validateSignIn', () => {
  it('asks for both fields, judged after trimming', () => {
    expect(validateSignIn('', 'secret')).toBe('Please fill in all fields.')
    expect(validateSignIn('owner@example.com', '')).toBe('Please fill in all fields.')
    expect(validateSignIn('   ', 'secret')).toBe('Please fill in all fields.')
    expect(validateSignIn('owner@example.com', '   ')).toBe('Please fill in all fields.')
  })

  it('asks for an address shaped like name@host.tld without spaces', () => {
    for (const email of ['owner', 'owner@', 'owner@example', 'ow ner@example.com', '@example.com', 'a@b@c.com']) {
      expect(validateSignIn(email, 'secret'), email).toBe('Please enter a valid email address.')
    }
  })

  it('accepts a valid address, with spaces around it', () => {
    expect(validateSignIn('  Owner@Example.com ', ' pass word ')).toBeNull()
  })

  it('the empty check comes before the shape check', () => {
    expect(validateSignIn('not-an-email', '')).toBe('Please fill in all fields.')
  })
})

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Owner@Example.COM ')).toBe('owner@example.com')
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
