// "Invite a colleague": an email address and their access (editor or viewer) → the invite
// mail; the colleague follows its link, sets a password on /admin and can then edit, or
// only look. An invited account is an editor until made a viewer, which follows at once.
import { useId, useState, type FormEvent } from 'react'
import { useStatusUntilEdited, useUnsavedChanges } from '@/features/admin/guard/use-unsaved-changes'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { StatusMessage, type Status } from '@/components/ui/status-message'
import { accountTexts } from '@/config/account'
import { normalizeEmail, validateEmail } from '@/features/auth/validation'
import { Select } from '@/components/ui/select'
import { setSiteRole, type SiteRole } from '@/features/people/api/people'
import { peopleTexts } from '@/features/people/texts'
import { useInviteColleague } from '../api/invite-colleague'

export function InviteColleagueForm({ onInvited }: { onInvited?: () => void }) {
  const id = useId()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<SiteRole>('editor')
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
    if (role === 'viewer') {
      try {
        await setSiteRole(result.data, 'viewer')
      } catch (error) {
        console.error('Error making the invited colleague a viewer:', error)
        onInvited?.()
        return setStatus({ text: peopleTexts.failed, tone: 'error' })
      }
    }
    onInvited?.()
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
      <div>
        <Label htmlFor={`${id}-role`}>{peopleTexts.inviteRole}</Label>
        <Select id={`${id}-role`} value={role} onChange={(event) => setRole(event.target.value as SiteRole)} disabled={isPending}>
          <option value="editor">{peopleTexts.roles.editor}</option>
          <option value="viewer">{peopleTexts.roles.viewer}</option>
        </Select>
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
