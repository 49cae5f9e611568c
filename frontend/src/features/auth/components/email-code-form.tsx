// "Enter the 6-digit code from the email": the code of a recovery or invite mail, for
// when the link cannot be opened on this device. With the email already known (after
// "Send Reset Link") only the code is asked; for an invite, the email too. Once the code
// is accepted the admin asks for the new password.
import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { FormAlert } from '@/components/ui/form-alert'
import { authTexts } from '@/config/admin'
import { accountTexts } from '@/config/account'
import { useVerifyEmailCode, type EmailCodeKind } from '../api/verify-email-code'
import { normalizeEmail, validateEmail } from '../validation'

interface EmailCodeFormProps {
  kind: EmailCodeKind
  /** The address the mail went to; asked for when absent. */
  email?: string
}

export function EmailCodeForm({ kind, email: knownEmail }: EmailCodeFormProps) {
  const id = useId()
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const { mutate: verify, isPending } = useVerifyEmailCode()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const address = knownEmail ?? email
    const invalid = knownEmail ? null : validateEmail(address)
    setError(invalid)
    if (invalid) return
    const result = await verify(normalizeEmail(address), code, kind)
    // On success the session arrives and the admin asks for the new password.
    if (!result.success) setError(result.error)
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="email-code-form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold text-slate-950">
        {accountTexts.codeTitle}
      </h3>
      {!knownEmail && (
        <div>
          <Label htmlFor={`${id}-email`}>{authTexts.email}</Label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="username"
            placeholder={authTexts.emailPlaceholder}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            disabled={isPending}
            required
          />
        </div>
      )}
      <div>
        <Label htmlFor={`${id}-code`}>{accountTexts.codeLabel}</Label>
        <Input
          id={`${id}-code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          disabled={isPending}
          required
        />
      </div>
      <FormAlert>{error}</FormAlert>
      <Button type="submit" className="w-full" disabled={isPending}>
        {isPending ? accountTexts.codeSubmitting : accountTexts.codeSubmit}
      </Button>
    </form>
  )
}
