// Site Settings' "Send new enquiries to" (notification_settings, editors only): where the
// contact form's mails go; empty falls back to the contact email, shown as the placeholder.
import { useState, type FormEvent } from 'react'
import { useStatusUntilEdited, useUnsavedChanges } from '@/features/admin/guard/use-unsaved-changes'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { StatusMessage, type Status } from '@/components/ui/status-message'
import { accountTexts } from '@/config/account'
import { adminTexts } from '@/config/admin'
import { validateEmail } from '@/features/auth/validation'
import { useContactInfo } from '@/features/site/api/get-contact-info'
import { useNotificationEmail, useSaveNotificationEmail } from '../api/notification-settings'
import { useMailNotSetUp } from '@/features/auth/api/get-mail-status'
import { MailNotSetUpNotice } from '@/features/auth/components/mail-not-set-up-notice'
import { failureText } from '@/lib/network-error'

export function NotificationEmailSettings() {
  const { data, refetch } = useNotificationEmail()
  if (data === undefined) return null
  // Mounted once loaded; a save's refetch only moves the baseline, so its message stays.
  return <NotificationEmailForm saved={data ?? ''} onSaved={refetch} />
}

function NotificationEmailForm({ saved, onSaved }: { saved: string; onSaved: () => Promise<void> }) {
  const [email, setEmail] = useState(saved)
  const [status, setStatus] = useState<Status | null>(null)
  const noMail = useMailNotSetUp()
  const { data: contact } = useContactInfo()
  const { mutate: save, isPending } = useSaveNotificationEmail()
  useUnsavedChanges(saved, email)
  const shown = useStatusUntilEdited(status, email)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const invalid = validateEmail(email, true)
    if (invalid) return setStatus({ text: invalid, tone: 'error' })
    const value = email.trim().toLowerCase() || null
    const result = await save(value)
    if (!result.success) {
      console.error('Error saving the enquiry address:', result.error)
      return setStatus({ text: failureText(accountTexts.errors.saveFailed, result.error), tone: 'error' })
    }
    setStatus({ text: accountTexts.notifySaved, tone: 'success' })
    await onSaved()
  }

  return (
    <Card className="p-6 sm:p-8">
      {/* Without mail the hint below would promise what never happens. */}
      <MailNotSetUpNotice className="mb-4" />
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={accountTexts.notifyTitle}>
        <Field label={accountTexts.notifyTitle} hint={noMail ? accountTexts.notifyHintNoMail : accountTexts.notifyHint}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              placeholder={contact?.email || 'owner@example.com'}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              disabled={isPending}
            />
          )}
        </Field>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={isPending}>
            {isPending ? adminTexts.saving : adminTexts.save}
          </Button>
          <StatusMessage status={shown} />
        </div>
      </form>
    </Card>
  )
}
