import { afterEach, describe, expect, it, vi } from 'vitest'
import { fetchRememberingRetryAfter, parseRetryAfter, retryAfterSeconds } from './retry-after'

afterEach(() => vi.unstubAllGlobals())

function answer(status: number, retryAfter?: string) {
  const headers = retryAfter ? { 'Retry-After': retryAfter } : undefined
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status, headers })),
  )
}

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('120')).toBe(120)
    expect(parseRetryAfter(' 7 ')).toBe(7)
    const now = Date.parse('2026-11-23T12:00:00Z')
    expect(parseRetryAfter('Mon, 23 Nov 2026 12:01:30 GMT', now)).toBe(90)
    expect(parseRetryAfter(null)).toBeUndefined()
    expect(parseRetryAfter('soon')).toBeUndefined()
  })
})

describe('fetchRememberingRetryAfter', () => {
  it('remembers the wait of a 429 by path and passes the answer on', async () => {
    answer(429, '840')
    const res = await fetchRememberingRetryAfter('http://x.test/auth/v1/token?grant_type=password', { method: 'POST' })
    expect(res.status).toBe(429)
    expect(retryAfterSeconds('/auth/v1/token')).toBe(840)
    expect(retryAfterSeconds('/auth/v1/user')).toBeUndefined()
  })

  it('forgets a wait when a later 429 names none, and ignores other answers', async () => {
    answer(429, '30')
    await fetchRememberingRetryAfter(new URL('http://x.test/auth/v1/signup'))
    answer(200)
    await fetchRememberingRetryAfter('http://x.test/auth/v1/signup')
    expect(retryAfterSeconds('/auth/v1/signup')).toBe(30)
    answer(429)
    await fetchRememberingRetryAfter('http://x.test/auth/v1/signup')
    expect(retryAfterSeconds('/auth/v1/signup')).toBeUndefined()
  })
})
