// A new password typed twice: the form of the "Set a new password" screen (after a
// recovery or invite link) and of "Change password" in the Account section.
import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { StatusMessage, type Status } from '@/components/ui/status-message'
import { accountTexts } from '@/config/account'
import { useUnsavedChanges } from '@/features/admin/guard/use-unsaved-changes'
import { useSetPassword } from '../api/set-password'
import { validateNewPassword } from '../validation'

interface SetPasswordFormProps {
  onDone: () => void
  /** Shown after success (the Account section stays open); the screen moves on instead. */
  doneText?: string
  /** Inside the admin shell: a half-typed password counts as unsaved (the guard asks before leaving). */
  guarded?: boolean
}

/** Reports unsaved values to the admin guard; only rendered inside its provider. */
function UnsavedMarker({ values }: { values: string[] }) {
  useUnsavedChanges(['', ''], values)
  return null
}

export function SetPasswordForm({ onDone, doneText, guarded }: SetPasswordFormProps) {
  const id = useId()
  const [password, setPasswordValue] = useState('')
  const [confirm, setConfirm] = useState('')
  const [status, setStatus] = useState<Status | null>(null)
  const { mutate: save, isPending } = useSetPassword()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const invalid = validateNewPassword(password, confirm)
    if (invalid) return setStatus({ text: invalid, tone: 'error' })
    setStatus(null)
    const result = await save(password)
    if (!result.success) return setStatus({ text: result.error, tone: 'error' })
    setPasswordValue('')
    setConfirm('')
    if (doneText) setStatus({ text: doneText, tone: 'success' })
    onDone()
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {guarded && <UnsavedMarker values={[password, confirm]} />}
      <div>
        <Label htmlFor={`${id}-new`}>{accountTexts.newPassword}</Label>
        <Input
          id={`${id}-new`}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPasswordValue(event.target.value)}
          disabled={isPending}
          required
        />
      </div>
      <div>
        <Label htmlFor={`${id}-confirm`}>{accountTexts.confirmPassword}</Label>
        <Input
          id={`${id}-confirm`}
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          disabled={isPending}
          required
        />
      </div>
      <StatusMessage status={status} />
      <Button type="submit" className="w-full sm:w-auto" disabled={isPending}>
        {isPending ? accountTexts.setSubmitting : accountTexts.setSubmit}
      </Button>
    </form>
  )
}
