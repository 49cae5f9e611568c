// The sign-in screen of /admin: email and password, the three messages of the spec (and
// how long to wait when sign-ins are throttled), and how the owner account is made (there is no sign-up and there are no demo credentials).
// From it: "Forgot password?", for an invitee the invitation's 6-digit code, and where the
// browser can use them, "Sign in with a passkey", and "Sign in with <provider>" for each
// provider the server reports enabled.
import { Eye, EyeOff, KeyRound, LockKeyhole } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { FormAlert } from '@/components/ui/form-alert'
import { authTexts } from '@/config/admin'
import { guardTexts } from '@/config/admin-guard'
import { accountTexts } from '@/config/account'
import { landingEmailLink } from '@/lib/email-link'
import { useHasEditorAccount } from '../api/has-editor-account'
import { useSignIn } from '../api/sign-in'
import { supportsPasskeys, useSignInWithPasskey } from '../api/passkeys'
import { twoStepTexts } from '@/config/two-step'
import { normalizeEmail, validateSignIn } from '../validation'
import { EmailCodeForm } from './email-code-form'
import { ProviderButtons } from './provider-buttons'
import { ForgotPasswordForm } from './forgot-password-form'

export function SignInScreen() {
  const id = useId()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const { mutate: signIn, isPending } = useSignIn()
  const [showPassword, setShowPassword] = useState(false)
  // An emailed link that was refused lands here: say so and offer a new one.
  const [forgot, setForgot] = useState(landingEmailLink?.kind === 'expired')
  // An invitee who cannot open the invite's link types its code instead.
  const [invited, setInvited] = useState(false)
  // The setup note is for a site without an owner yet; unknown (loading, failed) counts as having one.
  const { data: hasAccount } = useHasEditorAccount()
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
    // On success the auth listener swaps this screen for the admin area; a failure
    // arrives as the text to show (see signIn).
    if (!result.success) setError(result.error)
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-12">
      <Card variant="elevated" className="w-full max-w-md p-8 sm:p-10">
        <div className="text-center">
          <span className="mx-auto inline-flex size-12 items-center justify-center rounded-2xl bg-primary text-primary-foreground">
            <LockKeyhole aria-hidden="true" className="size-6" />
          </span>
          <h1 className="mt-5 font-display text-3xl font-semibold tracking-tight text-slate-950">{authTexts.title}</h1>
          <p className="mt-2 text-slate-600">{authTexts.subtitle}</p>
        </div>
        {landingEmailLink?.kind === 'expired' && forgot && (
          <p role="alert" className="mt-6 rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-800">
            {accountTexts.linkExpired}
          </p>
        )}
        {forgot ? (
          <ForgotPasswordForm initialEmail={email} onBack={() => setForgot(false)} />
        ) : invited ? (
          <div className="mt-8 space-y-5">
            <div>
              <h2 className="font-display text-xl font-semibold text-slate-950">{accountTexts.inviteCodeTitle}</h2>
              <p className="mt-1 text-sm text-slate-600">{accountTexts.inviteCodeSubtitle}</p>
            </div>
            <EmailCodeForm kind="invite" />
            <Button type="button" variant="link" className="w-full" onClick={() => setInvited(false)}>
              {accountTexts.backToSignIn}
            </Button>
          </div>
        ) : (
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
                onChange={(event) => setEmail(event.target.value)}
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
            <ProviderButtons disabled={isPending || passkeyPending} />
            <Button type="button" variant="link" className="w-full" onClick={() => setForgot(true)}>
              {accountTexts.forgotLink}
            </Button>
            <Button type="button" variant="link" className="w-full" onClick={() => setInvited(true)}>
              {accountTexts.inviteCodeLink}
            </Button>
          </form>
        )}
        {hasAccount === false && (
          <p
            data-testid="setup-note"
            className="mt-8 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm leading-relaxed text-slate-600"
          >
            {authTexts.setupNote}{' '}
            <code className="rounded bg-white px-1.5 py-0.5 font-mono text-xs text-slate-900 ring-1 ring-slate-200">
              {authTexts.setupCommand}
            </code>{' '}
            {authTexts.setupNoteAfter}
          </p>
        )}
      </Card>
    </main>
  )
}
