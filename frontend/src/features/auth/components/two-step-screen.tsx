// The second step of signing in, shown instead of the admin while the session has
// passed only the password (or a passkey) and the account has a second factor (see
// two-step-form.tsx). Nothing of the admin is shown before it; Sign out leaves from here.
import { ShieldCheck } from 'lucide-react'
import { Card } from '@/components/ui/card'
import { twoStepTexts } from '@/config/two-step'
import { TwoStepForm, type TwoStepFormProps } from './two-step-form'

export function TwoStepScreen(props: TwoStepFormProps) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-12">
      <Card variant="elevated" className="w-full max-w-md p-6 sm:p-10">
        <div className="text-center">
          <span className="mx-auto inline-flex size-12 items-center justify-center rounded-2xl bg-primary text-primary-foreground">
            <ShieldCheck aria-hidden="true" className="size-6" />
          </span>
          <h1 className="mt-5 font-display text-3xl font-semibold tracking-tight text-slate-950">{twoStepTexts.stepTitle}</h1>
          <p className="mt-2 text-slate-600">{twoStepTexts.stepSubtitle}</p>
          <p className="mt-1 text-sm text-slate-500">{props.session.user.email}</p>
        </div>
        <TwoStepForm {...props} />
      </Card>
    </main>
  )
}
