// "Invite a colleague": an email address → the invite mail; the colleague follows its
// link, sets a password on /admin and can then edit.
import { useId, useState, type FormEvent } from 'react'
import { useStatusUntilEdited, useUnsavedChanges } from '@/features/admin/guard/use-unsaved-changes'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { StatusMessage, type Status } from '@/components/ui/status-message'
import { accountTexts } from '@/config/account'
import { normalizeEmail, validateEmail } from '@/features/auth/validation'
import { useInviteColleague } from '../api/invite-colleague'

export function InviteColleagueForm() {
  const id = useId()
  const [email, setEmail] = useState('')
  const [status, setStatus] = useState<Status | null>(null)
  const { mutate: invite, isPending } = useInviteColleague()
  const shown = useStatusUntilEdited(status, email)
  useUnsavedChanges('', email)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const invalid = validateEmail(email)
    if (invalid) return setStatus({ text: invalid, tone: 'error' })
    const address = normalizeEmail(email)
    const result = await invite(address)
    if (!result.success) return setStatus({ text: result.error, tone: 'error' })
    setEmail('')
    setStatus({ text: accountTexts.invited(address), tone: 'success' })
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <div>
        <Label htmlFor={`${id}-email`}>{accountTexts.inviteEmail}</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          placeholder="colleague@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={isPending}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isPending}>
          {isPending ? accountTexts.inviteSubmitting : accountTexts.inviteSubmit}
        </Button>
        <StatusMessage status={shown} />
      </div>
    </form>
  )
}
