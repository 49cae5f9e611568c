// The sign-in screen of /admin: the site's sign-in form (sign-in-form.tsx: email and
// password, passkey, providers) and how the owner account is made (there is no sign-up and
// there are no demo credentials). From it: "Forgot password?", and for an invitee the
// invitation's 6-digit code.
import { LockKeyhole } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { authTexts } from '@/config/admin'
import { accountTexts } from '@/config/account'
import { landingEmailLink } from '@/lib/email-link'
import { useHasEditorAccount } from '../api/has-editor-account'
import { EmailCodeForm } from './email-code-form'
import { ForgotPasswordForm } from './forgot-password-form'
import { SignInForm } from './sign-in-form'

export function SignInScreen() {
  const [email, setEmail] = useState('')
  // An emailed link that was refused lands here: say so and offer a new one.
  const [forgot, setForgot] = useState(landingEmailLink?.kind === 'expired')
  // An invitee who cannot open the invite's link types its code instead.
  const [invited, setInvited] = useState(false)
  // The setup note is for a site without an owner yet; unknown (loading, failed) counts as having one.
  const { data: hasAccount } = useHasEditorAccount()

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
          <SignInForm email={email} onEmailChange={setEmail} providerReturnTo={`${window.location.origin}/admin`}>
            <Button type="button" variant="link" className="w-full" onClick={() => setForgot(true)}>
              {accountTexts.forgotLink}
            </Button>
            <Button type="button" variant="link" className="w-full" onClick={() => setInvited(true)}>
              {accountTexts.inviteCodeLink}
            </Button>
          </SignInForm>
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
