// The admin's Account section: change the password, two-step sign-in, passkeys, who has
// access (Editors: roles, removal, invites), and see mails the server could not deliver.
import { Card } from '@/components/ui/card'
import { PanelHeader } from '@/components/ui/panel-header'
import { accountTexts } from '@/config/account'
import { useSession } from '@/features/auth/api/get-session'
import { EditorsCard } from '@/features/people/components/editors-card'
import { MailProblemsNotice } from './mail-problems-notice'
import { PasskeySettings } from './passkey-settings'
import { SetPasswordForm } from './set-password-form'
import { TwoStepSettings } from './two-step-settings'
import { twoStepTexts } from '@/config/two-step'

export function AccountSection() {
  const { session } = useSession()
  return (
    <section aria-labelledby="account-title" className="space-y-6">
      <PanelHeader
        title={<span id="account-title">{accountTexts.sectionTitle}</span>}
        subtitle={accountTexts.sectionSubtitle(session?.user.email ?? '')}
      />
      <MailProblemsNotice />
      <Card className="p-6 sm:p-8">
        <h3 className="mb-4 font-display text-xl font-semibold text-slate-950">{accountTexts.changeTitle}</h3>
        <SetPasswordForm onDone={() => {}} doneText={accountTexts.changed} guarded />
      </Card>
      <Card className="p-6 sm:p-8">
        <h3 className="mb-2 font-display text-xl font-semibold text-slate-950">{twoStepTexts.title}</h3>
        <TwoStepSettings />
      </Card>
      <Card className="p-6 sm:p-8">
        <h3 className="mb-2 font-display text-xl font-semibold text-slate-950">{twoStepTexts.passkeysTitle}</h3>
        <PasskeySettings />
      </Card>
      <EditorsCard myEmail={session?.user.email ?? ''} />
    </section>
  )
}
