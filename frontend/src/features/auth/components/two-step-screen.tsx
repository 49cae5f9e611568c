// The second step of signing in, shown instead of the admin while the session has
// passed only the password (or a passkey) and the account has a second factor: a code
// from the authenticator app, or the security key when that is the factor. Nothing of
// the admin is shown before it; Sign out leaves from here.
import type { Factor, Session } from '@supabase/supabase-js'
import { ShieldCheck } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { FormAlert } from '@/components/ui/form-alert'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'
import { resetMfaCommand, twoStepTexts } from '@/config/two-step'
import { useVerifiedFactors, useVerifyWithKey } from '../api/second-step'
import { supportsPasskeys } from '../api/passkeys'
import { TotpCodeForm } from './totp-code-form'

interface TwoStepScreenProps {
  session: Session
  onSignOut: () => void
  signingOut: boolean
  signOutError: string | null
}

const factorLabel = (factor: Factor, index: number) => factor.friendly_name || twoStepTexts.factorName(index + 1)

export function TwoStepScreen({ session, onSignOut, signingOut, signOutError }: TwoStepScreenProps) {
  const id = useId()
  const factors = useVerifiedFactors(session)
  const apps = factors.filter((factor) => factor.factor_type === 'totp')
  const keys = factors.filter((factor) => factor.factor_type === 'webauthn')
  const [appId, setAppId] = useState<string | null>(null)
  const chosen = apps.find((factor) => factor.id === appId) ?? apps[0]
  const [keyError, setKeyError] = useState<string | null>(null)
  const { mutate: verifyWithKey, isPending: usingKey } = useVerifyWithKey()

  async function onUseKey() {
    setKeyError(null)
    const key = keys[0]
    if (!key) return
    const result = await verifyWithKey(key.id)
    if (!result.success) setKeyError(result.error)
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-12">
      <Card variant="elevated" className="w-full max-w-md p-6 sm:p-10">
        <div className="text-center">
          <span className="mx-auto inline-flex size-12 items-center justify-center rounded-2xl bg-primary text-primary-foreground">
            <ShieldCheck aria-hidden="true" className="size-6" />
          </span>
          <h1 className="mt-5 font-display text-3xl font-semibold tracking-tight text-slate-950">{twoStepTexts.stepTitle}</h1>
          <p className="mt-2 text-slate-600">{twoStepTexts.stepSubtitle}</p>
          <p className="mt-1 text-sm text-slate-500">{session.user.email}</p>
        </div>
        <div className="mt-8 space-y-5">
          {apps.length > 1 && (
            <div>
              <Label htmlFor={`${id}-app`}>{twoStepTexts.appLabel}</Label>
              <Select id={`${id}-app`} value={chosen?.id} onChange={(event) => setAppId(event.target.value)}>
                {apps.map((factor, index) => (
                  <option key={factor.id} value={factor.id}>
                    {factorLabel(factor, index)}
                  </option>
                ))}
              </Select>
            </div>
          )}
          {chosen && <TotpCodeForm factorId={chosen.id} />}
          {keys.length > 0 && supportsPasskeys() && (
            <div className="space-y-3">
              <Button
                type="button"
                variant={chosen ? 'outline' : 'primary'}
                className="w-full"
                onClick={() => void onUseKey()}
                disabled={usingKey}
              >
                {usingKey ? twoStepTexts.usingKey : twoStepTexts.useKey}
              </Button>
              <FormAlert>{keyError}</FormAlert>
            </div>
          )}
          <Button type="button" variant="link" className="w-full" onClick={onSignOut} disabled={signingOut}>
            {twoStepTexts.signOut}
          </Button>
          <FormAlert>{signOutError}</FormAlert>
        </div>
        <p className="mt-6 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm leading-relaxed text-slate-600">
          {twoStepTexts.lostPhone}{' '}
          <code className="rounded bg-white px-1.5 py-0.5 font-mono text-xs break-all text-slate-900 ring-1 ring-slate-200">
            {resetMfaCommand(session.user.email ?? '')}
          </code>
        </p>
      </Card>
    </main>
  )
}
