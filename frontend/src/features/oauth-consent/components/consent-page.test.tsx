import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ConsentPage } from './consent-page'

type AuthListener = (event: string, session: unknown) => void

const listeners = new Set<AuthListener>()
let currentSession: unknown = null
const getAuthorizationDetails = vi.fn()
const approveAuthorization = vi.fn()
const denyAuthorization = vi.fn()
const signInWithPassword = vi.fn()
const signOut = vi.fn()

vi.mock('@/lib/supabase', () => {
  const empty = { data: null, error: null }
  const builder: Record<string, unknown> = {
    select: () => builder,
    limit: () => builder,
    maybeSingle: () => Promise.resolve(empty),
  }
  return {
    supabaseConfig: { url: 'http://localhost', anonKey: 'anon' },
    supabase: {
      from: () => builder,
      auth: {
        getSession: () => Promise.resolve({ data: { session: currentSession }, error: null }),
        onAuthStateChange: (listener: AuthListener) => {
          listeners.add(listener)
          return { data: { subscription: { unsubscribe: () => listeners.delete(listener) } } }
        },
        signInWithPassword: (...args: unknown[]) => signInWithPassword(...args),
        signOut: (...args: unknown[]) => signOut(...args),
        mfa: {
          getAuthenticatorAssuranceLevel: () => Promise.resolve({ data: null, error: null }),
          listFactors: () => Promise.resolve({ data: null, error: null }),
        },
        oauth: {
          getAuthorizationDetails: (...args: unknown[]) => getAuthorizationDetails(...args),
          approveAuthorization: (...args: unknown[]) => approveAuthorization(...args),
          denyAuthorization: (...args: unknown[]) => denyAuthorization(...args),
        },
      },
    },
  }
})
const leaveFor = vi.fn()
vi.mock('../api/leave-for', () => ({ leaveFor: (url: string) => leaveFor(url) }))

function token(aal: string) {
  const payload = btoa(JSON.stringify({ sub: 'user-1', aal })).replace(/=+$/, '')
  return `e30.${payload}.sig`
}

function sessionFor(email: string, { id = 'user-1', aal = 'aal1', factors = [] as unknown[] } = {}) {
  return { access_token: token(aal), refresh_token: 'r', user: { id, email, factors } }
}

function announce(event: string, session: unknown) {
  currentSession = session
  act(() => listeners.forEach((listener) => listener(event, session)))
}

/** supabase-js's signOut: forgets the session and tells the listeners, after the call returns. */
function signOutForgets() {
  signOut.mockImplementation(async () => {
    setTimeout(() => announce('SIGNED_OUT', null), 0)
    return { error: null }
  })
}

const details = {
  authorization_id: 'auth-1',
  redirect_uri: 'http://localhost:5173/callback',
  client: { id: 'client-1', name: 'Notes', uri: 'https://notes.example', logo_uri: 'https://notes.example/logo.png' },
  user: { id: 'user-1', email: 'owner@example.com' },
  scope: 'openid email read:notes',
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ConsentPage />
    </MemoryRouter>,
  )
}

const page = '/oauth/consent?authorization_id=auth-1'

beforeEach(() => {
  currentSession = null
  listeners.clear()
  for (const fn of [getAuthorizationDetails, approveAuthorization, denyAuthorization, signInWithPassword, signOut, leaveFor]) fn.mockReset()
  vi.spyOn(console, 'error').mockImplementation(() => {})
  // The sign-in form asks the server which providers are on: none.
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ external: {} }), { status: 200 })))
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('ConsentPage', () => {
  it('says so when the link has no request in it, and links home', async () => {
    renderAt('/oauth/consent')
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is incomplete' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/')
    expect(getAuthorizationDetails).not.toHaveBeenCalled()
  })

  it('asks a signed-out visitor to sign in, then shows what the app asks for', async () => {
    signInWithPassword.mockResolvedValue({ data: { session: {}, user: {} }, error: null })
    getAuthorizationDetails.mockResolvedValue({ data: details, error: null })
    renderAt(page)
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Pleat Interiors' })).toBeTruthy()
    expect(getAuthorizationDetails).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: ' Owner@Example.com ' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret pass' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(signInWithPassword).toHaveBeenCalledWith({ email: 'owner@example.com', password: 'secret pass' }))
    announce('SIGNED_IN', sessionFor('owner@example.com'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Allow Notes to use your Pleat Interiors account?' })).toBeTruthy()
    expect(getAuthorizationDetails).toHaveBeenCalledWith('auth-1')
  })

  it('shows the app, its link, the scopes in plain words and who is signed in', async () => {
    currentSession = sessionFor('owner@example.com')
    getAuthorizationDetails.mockResolvedValue({ data: details, error: null })
    const { container } = renderAt(page)
    await screen.findByRole('heading', { level: 1, name: 'Allow Notes to use your Pleat Interiors account?' })
    expect(container.querySelector('img[src="https://notes.example/logo.png"]')).toBeTruthy()
    const link = screen.getByRole('link', { name: /notes\.example/ })
    expect(link.getAttribute('href')).toBe('https://notes.example/')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    const scopes = screen.getByRole('list')
    expect(scopes.textContent).toContain('Confirm who you are on this site')
    expect(scopes.textContent).toContain('See your email address')
    expect(scopes.textContent).toContain('Other access: read:notes')
    expect(screen.getByText('If you allow it, you go back to localhost:5173.')).toBeTruthy()
    expect(screen.getByText('owner@example.com')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Allow' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Deny' })).toBeTruthy()
  })

  it('never loads a logo or links a website that is not a web address', async () => {
    currentSession = sessionFor('owner@example.com')
    const hostile = { ...details, client: { ...details.client, name: '', uri: 'javascript:alert(1)', logo_uri: 'javascript:alert(2)' } }
    getAuthorizationDetails.mockResolvedValue({ data: hostile, error: null })
    const { container } = renderAt(page)
    await screen.findByRole('heading', { level: 1, name: 'Allow this app to use your Pleat Interiors account?' })
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('a[href^="javascript"]')).toBeNull()
  })

  it('goes straight back to the app when this account already allowed it', async () => {
    currentSession = sessionFor('owner@example.com')
    getAuthorizationDetails.mockResolvedValue({ data: { redirect_url: 'http://localhost:5173/callback?code=c&state=s' }, error: null })
    renderAt(page)
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('http://localhost:5173/callback?code=c&state=s'))
    expect(screen.getByRole('status').textContent).toBe('Taking you back to the app...')
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull()
  })

  it('sends Allow once, with both buttons waiting, then says where it goes', async () => {
    currentSession = sessionFor('owner@example.com')
    getAuthorizationDetails.mockResolvedValue({ data: details, error: null })
    let resolve: (value: unknown) => void = () => {}
    approveAuthorization.mockReturnValue(new Promise((r) => (resolve = r)))
    renderAt(page)
    fireEvent.click(await screen.findByRole('button', { name: 'Allow' }))
    const allowing = await screen.findByRole('button', { name: 'Allowing...' })
    expect((allowing as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Deny' }) as HTMLButtonElement).disabled).toBe(true)
    expect(approveAuthorization).toHaveBeenCalledTimes(1)
    expect(approveAuthorization).toHaveBeenCalledWith('auth-1')
    await act(async () => resolve({ data: { redirect_url: 'http://localhost:5173/callback?code=c' }, error: null }))
    expect((await screen.findByRole('status')).textContent).toBe('Taking you back to Notes...')
    expect((screen.getByRole('button', { name: 'Allow' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('sends Deny', async () => {
    currentSession = sessionFor('owner@example.com')
    getAuthorizationDetails.mockResolvedValue({ data: details, error: null })
    denyAuthorization.mockResolvedValue({ data: { redirect_url: 'http://localhost:5173/callback?error=access_denied' }, error: null })
    renderAt(page)
    fireEvent.click(await screen.findByRole('button', { name: 'Deny' }))
    expect((await screen.findByRole('status')).textContent).toBe('Taking you back to Notes...')
    expect(denyAuthorization).toHaveBeenCalledWith('auth-1')
    expect(approveAuthorization).not.toHaveBeenCalled()
  })

  it('says an answer did not get through and lets it be sent again', async () => {
    currentSession = sessionFor('owner@example.com')
    getAuthorizationDetails.mockResolvedValue({ data: details, error: null })
    approveAuthorization
      .mockResolvedValueOnce({ data: null, error: { name: 'AuthRetryableFetchError', status: 0, message: 'Failed to fetch' } })
      .mockResolvedValueOnce({ data: null, error: { name: 'AuthApiError', status: 500, code: 'unexpected_failure', message: 'x' } })
      .mockResolvedValueOnce({ data: { redirect_url: 'http://localhost:5173/callback?code=c' }, error: null })
    renderAt(page)
    fireEvent.click(await screen.findByRole('button', { name: 'Allow' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Your answer could not be sent: can't reach the server. Check your connection and try again.",
    )
    fireEvent.click(screen.getByRole('button', { name: 'Allow' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Your answer could not be sent. Try again in a moment.'))
    fireEvent.click(screen.getByRole('button', { name: 'Allow' }))
    expect((await screen.findByRole('status')).textContent).toBe('Taking you back to Notes...')
    expect(approveAuthorization).toHaveBeenCalledTimes(3)
  })

  it('replaces the card when the request expired before the answer', async () => {
    currentSession = sessionFor('owner@example.com')
    getAuthorizationDetails.mockResolvedValue({ data: details, error: null })
    denyAuthorization.mockResolvedValue({
      data: null,
      error: { name: 'AuthApiError', status: 404, code: 'oauth_authorization_not_found', message: 'authorization not found' },
    })
    renderAt(page)
    fireEvent.click(await screen.findByRole('button', { name: 'Deny' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'This request is no longer valid' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
  })

  it.each([
    [{ name: 'AuthApiError', status: 404, code: 'oauth_authorization_not_found' }, 'This request is no longer valid'],
    [{ name: 'AuthApiError', status: 400, code: 'validation_failed' }, 'This request is no longer valid'],
    [{ name: 'AuthApiError', status: 404, code: 'feature_disabled' }, 'Apps cannot use accounts here'],
  ])('explains a request it cannot load (%o)', async (error, title) => {
    currentSession = sessionFor('owner@example.com')
    getAuthorizationDetails.mockResolvedValue({ data: null, error: { ...error, message: 'x' } })
    renderAt(page)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/')
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
  })

  it('offers to try again when the server could not be reached', async () => {
    currentSession = sessionFor('owner@example.com')
    getAuthorizationDetails
      .mockResolvedValueOnce({ data: null, error: { name: 'AuthRetryableFetchError', status: 0, message: 'Failed to fetch' } })
      .mockResolvedValueOnce({ data: details, error: null })
    renderAt(page)
    expect(await screen.findByRole('heading', { level: 1, name: "Can't reach the server" })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Allow Notes to use your Pleat Interiors account?' })).toBeTruthy()
    expect(getAuthorizationDetails).toHaveBeenCalledTimes(2)
  })

  it('"Use another account" signs out here only and shows the form again', async () => {
    currentSession = sessionFor('owner@example.com')
    getAuthorizationDetails.mockResolvedValue({ data: details, error: null })
    signOutForgets()
    renderAt(page)
    fireEvent.click(await screen.findByRole('button', { name: 'Use another account' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Pleat Interiors' })).toBeTruthy()
    expect(signOut).toHaveBeenCalledWith({ scope: 'local' })
  })

  it('forgets a session the server refuses and asks to sign in again', async () => {
    currentSession = sessionFor('owner@example.com')
    getAuthorizationDetails.mockResolvedValue({ data: null, error: { name: 'AuthApiError', status: 403, code: 'bad_jwt', message: 'x' } })
    signOutForgets()
    renderAt(page)
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Pleat Interiors' })).toBeTruthy()
    expect(signOut).toHaveBeenCalledWith({ scope: 'local' })
  })

  it('asks an account with two-step sign-in for its code before reading the request', async () => {
    const factor = { id: 'f1', factor_type: 'totp', status: 'verified', friendly_name: 'Phone' }
    currentSession = sessionFor('owner@example.com', { factors: [factor] })
    getAuthorizationDetails.mockResolvedValue({ data: details, error: null })
    renderAt(page)
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeTruthy()
    expect(screen.getByLabelText('6-digit code from your authenticator app')).toBeTruthy()
    expect(getAuthorizationDetails).not.toHaveBeenCalled()
    announce('MFA_CHALLENGE_VERIFIED', sessionFor('owner@example.com', { aal: 'aal2', factors: [factor] }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Allow Notes to use your Pleat Interiors account?' })).toBeTruthy()
  })
})
