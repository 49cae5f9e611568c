import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { signIn } from '../api/sign-in'
import { SignInScreen } from './sign-in-screen'

const signInWithPassword = vi.fn()
const signInWithPasskey = vi.fn()
const rpc = vi.fn(async () => ({ data: false, error: null }))
vi.mock('@/lib/supabase', () => ({
  supabase: {
    auth: {
      signInWithPassword: (...args: unknown[]) => signInWithPassword(...args),
      signInWithPasskey: (...args: unknown[]) => signInWithPasskey(...args),
    },
    rpc: () => rpc(),
  },
}))
const retryAfterSeconds = vi.fn<(path: string) => number | undefined>()
vi.mock('@/lib/retry-after', () => ({ retryAfterSeconds: (path: string) => retryAfterSeconds(path) }))

function submit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: email } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
}

describe('SignInScreen', () => {
  beforeEach(() => {
    signInWithPassword.mockReset()
    vi.spyOn(console, 'error').mockImplementation(() => {})
  })

  it('shows the texts of the spec and how the owner account is made', async () => {
    render(<SignInScreen />)
    expect(screen.getByRole('heading', { level: 1, name: 'Content Management' })).toBeTruthy()
    expect(screen.getByText('Sign in to manage your landing page')).toBeTruthy()
    // Shown while the site has no editor account (the rpc answers false).
    expect(await screen.findByText('pleat user add you@example.com')).toBeTruthy()
  })

  it('shows the typed password on request', () => {
    render(<SignInScreen />)
    const password = screen.getByLabelText('Password') as HTMLInputElement
    expect(password.type).toBe('password')
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }))
    expect(password.type).toBe('text')
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('checks the fields before calling the server', () => {
    render(<SignInScreen />)
    submit(' ', 'secret')
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all fields.')
    submit('owner@example', 'secret')
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address.')
    expect(signInWithPassword).not.toHaveBeenCalled()
  })

  it('sends the email trimmed and lower-cased, the password as typed, and shows the failure text', async () => {
    signInWithPassword.mockResolvedValue({
      data: { session: null, user: null },
      error: { message: 'Invalid login credentials', status: 400 },
    })
    render(<SignInScreen />)
    submit('  Owner@Example.COM ', ' pass word ')
    expect(await screen.findByText('Invalid email or password. Please try again.')).toBeTruthy()
    expect(signInWithPassword).toHaveBeenCalledWith({ email: 'owner@example.com', password: ' pass word ' })
  })

  it.each([
    [840, 'Too many attempts. Try again in 14 minutes.'],
    [60, 'Too many attempts. Try again in 1 minute.'],
    [1, 'Too many attempts. Try again in 1 minute.'],
    [61, 'Too many attempts. Try again in 2 minutes.'],
    [undefined, 'Too many attempts. Try again later.'],
  ])('says how long to wait when sign-ins are throttled (Retry-After %s)', async (seconds, text) => {
    retryAfterSeconds.mockReset().mockReturnValue(seconds)
    const error = { message: 'Too many sign-in attempts; try again later', status: 429, code: 'over_request_rate_limit' }
    signInWithPassword.mockResolvedValue({ data: { session: null, user: null }, error })
    render(<SignInScreen />)
    submit('owner@example.com', 'secret')
    expect((await screen.findByRole('alert')).textContent).toBe(text)
    expect(retryAfterSeconds).toHaveBeenCalledWith('/auth/v1/token')
  })

  it("says 'Signing In...' and disables the inputs while busy", async () => {
    let resolve: (value: unknown) => void = () => {}
    signInWithPassword.mockReturnValue(new Promise((r) => (resolve = r)))
    render(<SignInScreen />)
    submit('owner@example.com', 'secret')
    const busy = await screen.findByRole('button', { name: 'Signing In...' })
    expect((busy as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByLabelText('Email Address') as HTMLInputElement).disabled).toBe(true)
    expect((screen.getByLabelText('Password') as HTMLInputElement).disabled).toBe(true)
    resolve({ data: { session: {}, user: {} }, error: null })
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy()
  })
})

describe('Sign in with a passkey', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('is offered only where the browser has WebAuthn', () => {
    const { unmount } = render(<SignInScreen />)
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull()
    unmount()
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {})
    vi.stubGlobal('navigator', { ...navigator, credentials: { create: () => null, get: () => null } })
    render(<SignInScreen />)
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeTruthy()
  })

  it('says so when the person called the passkey off', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {})
    vi.stubGlobal('navigator', { ...navigator, credentials: { create: () => null, get: () => null } })
    signInWithPasskey.mockResolvedValue({
      data: null,
      error: { name: 'NotAllowedError', code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', message: 'cancelled' },
    })
    render(<SignInScreen />)
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }))
    expect((await screen.findByRole('alert')).textContent).toBe('No passkey was used. Try again when your device asks.')
  })
})

describe('signIn', () => {
  beforeEach(() => signInWithPassword.mockReset())

  it('refuses to call the server without both values', async () => {
    await expect(signIn('', 'secret')).rejects.toThrow('Email and password are required')
    await expect(signIn('owner@example.com', '')).rejects.toThrow('Email and password are required')
    expect(signInWithPassword).not.toHaveBeenCalled()
  })

  it('rejects with the text to show, the auth error as its cause', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const error = { message: 'Invalid login credentials', status: 400 }
    signInWithPassword.mockResolvedValue({ data: { session: null, user: null }, error })
    const failure = await signIn('owner@example.com', 'x').catch((e: Error) => e)
    expect(failure).toBeInstanceOf(Error)
    expect((failure as Error).message).toBe('Invalid email or password. Please try again.')
    expect((failure as Error).cause).toBe(error)
  })
})
