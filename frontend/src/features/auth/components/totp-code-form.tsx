// One 6-digit code from an authenticator app, checked against a factor: after the
// password, when turning two-step sign-in on, and before removing an app from a
// session that has not passed the second step. The field takes focus when the form
// appears and again after a refused code; Enter submits.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { FormAlert } from '@/components/ui/form-alert'
import { twoStepTexts } from '@/config/two-step'
import { useVerifyCode } from '../api/second-step'

interface TotpCodeFormProps {
  factorId: string
  submitText?: string
  submittingText?: string
  /** Called once the server accepted the code (the session is aal2 by then). */
  onVerified?: () => void
  children?: React.ReactNode
}

export function TotpCodeForm({
  factorId,
  submitText = twoStepTexts.verify,
  submittingText = twoStepTexts.verifying,
  onVerified,
  children,
}: TotpCodeFormProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const { mutate: verify, isPending } = useVerifyCode()

  useEffect(() => {
    input.current?.focus()
  }, [factorId])

  useEffect(() => {
    if (error && !isPending) input.current?.focus()
  }, [error, isPending])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setError(null)
    const result = await verify(factorId, code)
    if (result.success) onVerified?.()
    else setError(result.error)
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-describedby={error ? `${id}-error` : undefined}>
      <div>
        <Label htmlFor={`${id}-code`}>{twoStepTexts.codeLabel}</Label>
        <Input
          ref={input}
          id={`${id}-code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={9}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          disabled={isPending}
          aria-invalid={error ? true : undefined}
          required
        />
      </div>
      <FormAlert id={`${id}-error`}>{error}</FormAlert>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isPending} className="min-w-32 flex-1 sm:flex-none">
          {isPending ? submittingText : submitText}
        </Button>
        {children}
      </div>
    </form>
  )
}
