import { fireEvent, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { signIn } from '../api/sign-in'
import { SignInScreen } from './sign-in-screen'

const signInWithPassword = vi.fn()
vi.mock('@/lib/supabase', () => ({ supabase: { auth: { signInWithPassword: (...args: unknown[]) => signInWithPassword(...args) } } }))

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

  it('shows the texts of the spec and how the owner account is made', () => {
    render(<SignInScreen />)
    expect(screen.getByRole('heading', { level: 1, name: 'Content Management' })).toBeTruthy()
    expect(screen.getByText('Sign in to manage your landing page')).toBeTruthy()
    expect(screen.getByText('pleat user add you@example.com')).toBeTruthy()
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
    signInWithPassword.mockResolvedValue({ data: { session: null, user: null }, error: { message: 'Invalid login credentials', status: 400 } })
    render(<SignInScreen />)
    submit('  Owner@Example.COM ', ' pass word ')
    expect(await screen.findByText('Invalid email or password. Please try again.')).toBeTruthy()
    expect(signInWithPassword).toHaveBeenCalledWith({ email: 'owner@example.com', password: ' pass word ' })
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

describe('signIn', () => {
  beforeEach(() => signInWithPassword.mockReset())

  it('refuses to call the server without both values', async () => {
    await expect(signIn('', 'secret')).rejects.toThrow('Email and password are required')
    await expect(signIn('owner@example.com', '')).rejects.toThrow('Email and password are required')
    expect(signInWithPassword).not.toHaveBeenCalled()
  })

  it('rethrows the auth error', async () => {
    const error = { message: 'Invalid login credentials', status: 400 }
    signInWithPassword.mockResolvedValue({ data: { session: null, user: null }, error })
    await expect(signIn('owner@example.com', 'x')).rejects.toBe(error)
  })
})
