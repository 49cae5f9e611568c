// "Set a new password": where a recovery or invite link lands (on /admin, signed in by the
// link). The admin opens once the password is saved.
import { KeyRound } from 'lucide-react'
import { Card } from '@/components/ui/card'
import { accountTexts } from '@/config/account'
import { SetPasswordForm } from './set-password-form'

export function SetPasswordScreen({ invited, onDone }: { invited: boolean; onDone: () => void }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-12">
      <Card variant="elevated" className="w-full max-w-md p-8 sm:p-10">
        <div className="text-center">
          <span className="mx-auto inline-flex size-12 items-center justify-center rounded-2xl bg-primary text-primary-foreground">
            <KeyRound aria-hidden="true" className="size-6" />
          </span>
          <h1 className="mt-5 font-display text-3xl font-semibold tracking-tight text-slate-950">{accountTexts.setTitle}</h1>
          <p className="mt-2 text-slate-600">{invited ? accountTexts.inviteSubtitle : accountTexts.setSubtitle}</p>
        </div>
        <div className="mt-8">
          <SetPasswordForm onDone={onDone} />
        </div>
      </Card>
    </main>
  )
}
