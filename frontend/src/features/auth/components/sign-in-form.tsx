// The sign-in form the site's sign-in screens share (the admin's, and the page where an
// app asks to use an account): email and password with the spec's checks and messages
// (and how long to wait when sign-ins are throttled), "Sign in with a passkey" where the
// browser can use one, and "Sign in with <provider>" for each provider the server reports
// enabled, which comes back to `providerReturnTo`. A screen adds its own links below.
import { Eye, EyeOff, KeyRound } from 'lucide-react'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { FormAlert } from '@/components/ui/form-alert'
import { authTexts } from '@/config/admin'
import { guardTexts } from '@/config/admin-guard'
import { twoStepTexts } from '@/config/two-step'
import { useSignIn } from '../api/sign-in'
import { supportsPasskeys, useSignInWithPasskey } from '../api/passkeys'
import { normalizeEmail, validateSignIn } from '../validation'
import { ProviderButtons } from './provider-buttons'

interface SignInFormProps {
  email: string
  onEmailChange: (email: string) => void
  /** Where a sign-in with an external provider comes back to (absolute URL). */
  providerReturnTo: string
  /** The screen's own links under the form ("Forgot password?" …). */
  children?: ReactNode
}

export function SignInForm({ email, onEmailChange, providerReturnTo, children }: SignInFormProps) {
  const id = useId()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const { mutate: signIn, isPending } = useSignIn()
  const [showPassword, setShowPassword] = useState(false)
  const { mutate: signInWithPasskey, isPending: passkeyPending } = useSignInWithPasskey()
  const [passkeyError, setPasskeyError] = useState<string | null>(null)
  const [passkeys] = useState(supportsPasskeys)

  async function onPasskey() {
    setError(null)
    setPasskeyError(null)
    const result = await signInWithPasskey()
    if (!result.success) setPasskeyError(result.error)
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const invalid = validateSignIn(email, password)
    setError(invalid)
    if (invalid) return
    const result = await signIn(normalizeEmail(email), password)
    // On success the auth listener swaps the screen for what it guards; a failure
    // arrives as the text to show (see signIn).
    if (!result.success) setError(result.error)
  }

  return (
    <form noValidate onSubmit={onSubmit} className="mt-8 space-y-5" aria-describedby={error ? `${id}-error` : undefined}>
      <div>
        <Label htmlFor={`${id}-email`}>{authTexts.email}</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="username"
          placeholder={authTexts.emailPlaceholder}
          autoFocus
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
          disabled={isPending}
          required
        />
      </div>
      <div>
        <Label htmlFor={`${id}-password`}>{authTexts.password}</Label>
        <div className="relative">
          <Input
            id={`${id}-password`}
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            disabled={isPending}
            required
            className="pr-12"
          />
          <button
            type="button"
            onClick={() => setShowPassword((shown) => !shown)}
            aria-pressed={showPassword}
            aria-label={showPassword ? guardTexts.hidePassword : guardTexts.showPassword}
            aria-controls={`${id}-password`}
            className="absolute inset-y-0 right-1 my-auto inline-flex size-10 cursor-pointer items-center justify-center rounded-full text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-secondary"
          >
            {showPassword ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
          </button>
        </div>
      </div>
      <FormAlert id={`${id}-error`}>{error}</FormAlert>
      <Button type="submit" className="w-full" disabled={isPending || passkeyPending}>
        {isPending ? authTexts.submitting : authTexts.submit}
      </Button>
      {passkeys && (
        <>
          <Button
            type="button"
            variant="outline"
            className="w-full"
            onClick={() => void onPasskey()}
            disabled={isPending || passkeyPending}
          >
            <KeyRound aria-hidden="true" />
            {passkeyPending ? twoStepTexts.signingInWithPasskey : twoStepTexts.signInWithPasskey}
          </Button>
          <FormAlert>{passkeyError}</FormAlert>
        </>
      )}
      <ProviderButtons disabled={isPending || passkeyPending} returnTo={providerReturnTo} />
      {children}
    </form>
  )
}
