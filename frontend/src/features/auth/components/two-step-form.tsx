// The second step of signing in, for a session that has passed only the password (or a
// passkey) while the account has a second factor: a code from the authenticator app, or
// the security key when that is the factor, and Sign out. The screens that ask for it
// (the admin's, the page where an app asks to use the account) put their own heading on top.
import type { Factor, Session } from '@supabase/supabase-js'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'
import { resetMfaCommand, twoStepTexts } from '@/config/two-step'
import { useVerifiedFactors, useVerifyWithKey } from '../api/second-step'
import { supportsPasskeys } from '../api/passkeys'
import { TotpCodeForm } from './totp-code-form'

export interface TwoStepFormProps {
  session: Session
  onSignOut: () => void
  signingOut: boolean
  signOutError: string | null
}

const factorLabel = (factor: Factor, index: number) => factor.friendly_name || twoStepTexts.factorName(index + 1)

export function TwoStepForm({ session, onSignOut, signingOut, signOutError }: TwoStepFormProps) {
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
    <>
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
    </>
  )
}
