import { beforeEach, describe, expect, it } from 'vitest'
import { asksNotToTrack, noteView, referrerDomain, resetVisit, signedInHere, statsAllowed, visitHeader, type VisitWindow } from './visit'

function fakeWindow({ dnt, gpc, keys = [] }: { dnt?: string; gpc?: boolean; keys?: string[] } = {}): VisitWindow & {
  session: Map<string, string>
} {
  const session = new Map<string, string>()
  return {
    session,
    navigator: { doNotTrack: dnt ?? null, globalPrivacyControl: gpc },
    localStorage: { length: keys.length, key: (i: number) => keys[i] ?? null },
    sessionStorage: { getItem: (k: string) => session.get(k) ?? null, setItem: (k: string, v: string) => void session.set(k, v) },
  }
}

const view = (path: string, extra: Partial<Parameters<typeof noteView>[1]> = {}) => ({
  path,
  referrer: '',
  ownHost: 'curtains.example',
  firstOfDocument: false,
  navigationType: 'navigate',
  ...extra,
})

beforeEach(() => resetVisit())

describe('referrerDomain', () => {
  it('keeps only the domain of another site', () => {
    expect(referrerDomain('https://www.Google.com/search?q=curtains', 'curtains.example')).toBe('google.com')
    expect(referrerDomain('https://mail.example.org/inbox/42', 'curtains.example')).toBe('mail.example.org')
  })
  it('is empty for none, this site, and what is not a web address', () => {
    expect(referrerDomain('', 'curtains.example')).toBe('')
    expect(referrerDomain('https://www.curtains.example/portfolio', 'curtains.example')).toBe('')
    expect(referrerDomain('android-app://com.google.android.gm/', 'curtains.example')).toBe('')
    expect(referrerDomain('not a url', 'curtains.example')).toBe('')
  })
})

describe('statsAllowed', () => {
  it('is off with Do Not Track, Global Privacy Control, or an admin session in the browser', () => {
    expect(statsAllowed(fakeWindow())).toBe(true)
    expect(asksNotToTrack(fakeWindow({ dnt: '1' }))).toBe(true)
    expect(statsAllowed(fakeWindow({ dnt: '1' }))).toBe(false)
    expect(statsAllowed(fakeWindow({ gpc: true }))).toBe(false)
    expect(signedInHere(fakeWindow({ keys: ['theme', 'sb-127-auth-token'] }))).toBe(true)
    expect(statsAllowed(fakeWindow({ keys: ['sb-127-auth-token'] }))).toBe(false)
    expect(statsAllowed(fakeWindow({ keys: ['pleat-contact-draft'] }))).toBe(true)
  })
})

describe('noteView', () => {
  it('starts a visit on the first page, with the referring domain, and carries it on', () => {
    const win = fakeWindow()
    expect(noteView(win, view('/portfolio', { referrer: 'https://www.bing.com/', firstOfDocument: true }))).toEqual({
      page: '/portfolio',
      referrer_domain: 'bing.com',
      first_view: true,
    })
    expect(noteView(win, view('/'))).toEqual({ page: '/', referrer_domain: 'bing.com', first_view: false })
    expect(JSON.parse(visitHeader(win) ?? 'null')).toEqual({ page: '/portfolio', source: 'bing.com' })
  })

  it('keeps the visit over a reload, and starts another when another site links here again', () => {
    const win = fakeWindow()
    noteView(win, view('/', { referrer: 'https://bing.com/', firstOfDocument: true }))
    resetVisit()
    const reload = noteView(win, view('/', { referrer: 'https://bing.com/', firstOfDocument: true, navigationType: 'reload' }))
    expect(reload.first_view).toBe(false)
    const again = noteView(win, view('/terms', { referrer: 'https://duckduckgo.com/', firstOfDocument: true }))
    expect(again).toEqual({ page: '/terms', referrer_domain: 'duckduckgo.com', first_view: true })
  })

  it('counts a visit without a referrer as direct', () => {
    expect(noteView(fakeWindow(), view('/', { firstOfDocument: true }))).toEqual({ page: '/', referrer_domain: '', first_view: true })
  })
})

describe('visitHeader', () => {
  it('is null without a visit or when nothing may be counted', () => {
    expect(visitHeader(fakeWindow())).toBeNull()
    const win = fakeWindow({ gpc: true })
    noteView(win, view('/', { firstOfDocument: true }))
    expect(visitHeader(win)).toBeNull()
  })
})
