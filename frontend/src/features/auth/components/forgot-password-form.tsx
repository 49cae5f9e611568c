// "Forgot password?" on the sign-in screen: asks for the email and sends the recovery
// mail. Every accepted request shows the same confirmation, whether or not the address
// has an account (the server does not tell either).
import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { StatusMessage, type Status } from '@/components/ui/status-message'
import { accountTexts } from '@/config/account'
import { authTexts } from '@/config/admin'
import { useRequestPasswordReset } from '../api/request-password-reset'
import { normalizeEmail, validateEmail } from '../validation'

export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const id = useId()
  const [email, setEmail] = useState(initialEmail)
  const [status, setStatus] = useState<Status | null>(null)
  const { mutate: request, isPending } = useRequestPasswordReset()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const invalid = validateEmail(email)
    if (invalid) return setStatus({ text: invalid, tone: 'error' })
    setStatus(null)
    const result = await request(normalizeEmail(email))
    setStatus(result.success ? { text: accountTexts.forgotSent, tone: 'success' } : { text: result.error, tone: 'error' })
  }

  return (
    <form noValidate onSubmit={onSubmit} className="mt-8 space-y-5" aria-labelledby={`${id}-title`}>
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
      <Button type="button" variant="link" className="w-full" onClick={onBack}>
        {accountTexts.backToSignIn}
      </Button>
    </form>
  )
}
