// "Forgot password?" on the sign-in screen: asks for the email and sends the recovery
// mail. Every accepted request shows the same confirmation, whether or not the address
// has an account (the server does not tell either), and then takes the mail's 6-digit
// code. On a server that sends no mail it says so, and how to reset a password instead,
// rather than promise a mail.
import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { StatusMessage, type Status } from '@/components/ui/status-message'
import { accountTexts } from '@/config/account'
import { authTexts } from '@/config/admin'
import { useMailNotSetUp } from '../api/get-mail-status'
import { useRequestPasswordReset } from '../api/request-password-reset'
import { normalizeEmail, validateEmail } from '../validation'
import { EmailCodeForm } from './email-code-form'
import { MailNotSetUpNotice } from './mail-not-set-up-notice'

export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const id = useId()
  const [email, setEmail] = useState(initialEmail)
  const [status, setStatus] = useState<Status | null>(null)
  const { mutate: request, isPending } = useRequestPasswordReset()
  // The address the mail went to, once sent: its code is asked for next.
  const [sentTo, setSentTo] = useState<string | null>(null)
  const noMail = useMailNotSetUp()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const invalid = validateEmail(email)
    if (invalid) return setStatus({ text: invalid, tone: 'error' })
    setStatus(null)
    const address = normalizeEmail(email)
    const result = await request(address)
    setStatus(result.success ? { text: accountTexts.forgotSent, tone: 'success' } : { text: result.error, tone: 'error' })
    if (result.success) setSentTo(address)
  }

  if (noMail) {
    return (
      <div className="mt-8 space-y-5">
        <h2 className="font-display text-xl font-semibold text-slate-950">{accountTexts.forgotTitle}</h2>
        <MailNotSetUpNotice />
        <Button type="button" variant="link" className="w-full" onClick={onBack}>
          {accountTexts.backToSignIn}
        </Button>
      </div>
    )
  }

  return (
    <div className="mt-8 space-y-5">
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-labelledby={`${id}-title`}>
        <div>
          <h2 id={`${id}-title`} className="font-display text-xl font-semibold text-slate-950">
            {accountTexts.forgotTitle}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{accountTexts.forgotSubtitle}</p>
        </div>
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
        <StatusMessage status={status} className="w-full" />
        <Button type="submit" className="w-full" disabled={isPending}>
          {isPending ? accountTexts.forgotSubmitting : accountTexts.forgotSubmit}
        </Button>
      </form>
      {sentTo && (
        <div className="border-t border-slate-200 pt-5">
          <EmailCodeForm key={sentTo} kind="recovery" email={sentTo} />
        </div>
      )}
      <Button type="button" variant="link" className="w-full" onClick={onBack}>
        {accountTexts.backToSignIn}
      </Button>
    </div>
  )
}
