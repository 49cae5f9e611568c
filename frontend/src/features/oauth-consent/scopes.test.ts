import { describe, expect, it } from 'vitest'
import { scopeLines } from './scopes'

describe('scopeLines', () => {
  it('words the OpenID scopes and keeps the app order', () => {
    expect(scopeLines('email openid profile phone')).toEqual([
      { kind: 'known', scope: 'email', text: 'See your email address' },
      { kind: 'known', scope: 'openid', text: 'Confirm who you are on this site' },
      { kind: 'known', scope: 'profile', text: 'See your name and profile picture' },
      { kind: 'known', scope: 'phone', text: 'See your phone number' },
    ])
  })

  it('shows a scope it has no words for as the app wrote it, each scope once', () => {
    expect(scopeLines('  read:notes   email read:notes constructor ')).toEqual([
      { kind: 'other', scope: 'read:notes' },
      { kind: 'known', scope: 'email', text: 'See your email address' },
      { kind: 'other', scope: 'constructor' },
    ])
  })

  it('is empty for an empty scope', () => {
    expect(scopeLines('')).toEqual([])
  })
})
