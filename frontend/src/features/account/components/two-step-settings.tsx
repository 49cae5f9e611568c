// Account → "Two-step sign-in": turn it on (scan a QR code or type the key into an
// authenticator app, then confirm its first code), see the apps that give codes and
// remove one, and how to get back in without the phone. Removing a verified app needs a
// session that passed the second step: when this one has not, a code is asked first.
import type { Factor } from '@supabase/supabase-js'
import { useEffect, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { StatusMessage, type Status } from '@/components/ui/status-message'
import { resetMfaCommand, twoStepTexts } from '@/config/two-step'
import { useAdminGuard } from '@/features/admin/guard/admin-guard'
import { tokenAal } from '@/features/auth/assurance'
import { useSession } from '@/features/auth/api/get-session'
import { TotpCodeForm } from '@/features/auth/components/totp-code-form'
import { settle } from '@/lib/use-mutation'
import { useQuery } from '@/lib/use-query'
import { enrollTotp, listFactors, removeFactor, type TotpEnrolment } from '../api/two-step'
import { formatDate } from '../format-date'

type Step = { kind: 'idle' } | { kind: 'enrolling'; enrolment: TotpEnrolment } | { kind: 'confirm-removal'; factorId: string }

export function TwoStepSettings() {
  const { session } = useSession()
  const guard = useAdminGuard()
  const query = useQuery(`mfa_factors:${session?.user.id ?? ''}`, listFactors)
  const factors = query.data ?? null
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  const [busy, setBusy] = useState(false)
  const [status, setStatus] = useState<Status | null>(null)
  const email = session?.user.email ?? ''

  const reload = query.refetch
  // They change outside this page (another device, `pleat user reset-mfa`): read afresh
  // each time the section opens, not from the page's cache.
  useEffect(() => {
    void reload()
  }, [reload])

  const apps = (factors ?? []).filter((factor) => factor.factor_type === 'totp' && factor.status === 'verified')
  const verified = (factors ?? []).filter((factor) => factor.status === 'verified')
  const on = verified.length > 0

  async function onStart() {
    setStatus(null)
    setBusy(true)
    const result = await settle(() => enrollTotp(factors ?? []))
    setBusy(false)
    if (result.success) setStep({ kind: 'enrolling', enrolment: result.data })
    else setStatus({ text: result.error, tone: 'error' })
  }

  async function onCancelEnrolment(factorId: string) {
    setStep({ kind: 'idle' })
    // An unverified factor can go at any level; if this fails, the next "Turn on" clears it.
    await settle(() => removeFactor(factorId))
    await reload()
  }

  async function onEnrolled() {
    setStep({ kind: 'idle' })
    setStatus({ text: twoStepTexts.turnedOn, tone: 'success' })
    await reload()
  }

  async function remove(factorId: string) {
    setBusy(true)
    const result = await settle(() => removeFactor(factorId))
    setBusy(false)
    if (result.success) {
      setStep({ kind: 'idle' })
      setStatus({ text: verified.length === 1 ? twoStepTexts.turnedOff : twoStepTexts.removed, tone: 'success' })
      await reload()
    } else if (result.error === twoStepTexts.removeNeedsCode) {
      setStep({ kind: 'confirm-removal', factorId })
    } else {
      setStatus({ text: result.error, tone: 'error' })
    }
  }

  async function onRemove(factor: Factor) {
    setStatus(null)
    const last = verified.length === 1
    const yes = await guard.confirm({
      title: twoStepTexts.removeTitle,
      message: last ? twoStepTexts.removeLast : twoStepTexts.removeOne,
      confirmLabel: twoStepTexts.removeConfirm,
      cancelLabel: twoStepTexts.keep,
      danger: true,
    })
    if (!yes) return
    const aal = session ? tokenAal(session.access_token) : null
    if (aal === 'aal2' || aal === 'aal3') await remove(factor.id)
    else setStep({ kind: 'confirm-removal', factorId: factor.id })
  }

  // The code field of the removal's check is for an app that stays verified until then.
  const checkApp = step.kind === 'confirm-removal' ? apps[0] : undefined

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">{on ? twoStepTexts.hintOn : twoStepTexts.hintOff}</p>
      {factors === null && !query.error && <p className="text-sm text-slate-500">{twoStepTexts.loading}</p>}
      {apps.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {apps.map((factor) => (
            <li key={factor.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{factor.friendly_name}</p>
                <p className="text-sm text-slate-500">{twoStepTexts.added(formatDate(factor.created_at))}</p>
              </div>
              <Button
                variant="outline"
                size="sm"
                onClick={() => void onRemove(factor)}
                disabled={busy || step.kind !== 'idle'}
                aria-label={`${twoStepTexts.remove} ${factor.friendly_name ?? ''}`.trim()}
              >
                {twoStepTexts.remove}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {step.kind === 'confirm-removal' && checkApp && (
        <div className="space-y-3 rounded-xl bg-slate-50 p-4">
          <p className="text-sm text-slate-700">{twoStepTexts.removeNeedsCode}</p>
          <TotpCodeForm
            factorId={checkApp.id}
            submitText={twoStepTexts.removeConfirm}
            submittingText={twoStepTexts.removing}
            onVerified={() => void remove(step.factorId)}
          >
            <Button variant="outline" onClick={() => setStep({ kind: 'idle' })}>
              {twoStepTexts.cancel}
            </Button>
          </TotpCodeForm>
        </div>
      )}
      {step.kind === 'enrolling' ? (
        <EnrolmentPanel
          enrolment={step.enrolment}
          onVerified={() => void onEnrolled()}
          onCancel={() => void onCancelEnrolment(step.enrolment.factorId)}
        />
      ) : (
        factors !== null &&
        step.kind === 'idle' && (
          <Button variant={on ? 'outline' : 'primary'} onClick={() => void onStart()} disabled={busy}>
            {busy ? twoStepTexts.starting : on ? twoStepTexts.addAnother : twoStepTexts.turnOn}
          </Button>
        )
      )}
      <StatusMessage status={status ?? (query.error ? { text: query.error, tone: 'error' } : null)} />
      <div className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm leading-relaxed text-slate-600">
        <p className="font-semibold text-slate-800">{twoStepTexts.recoveryTitle}</p>
        <p className="mt-1">
          {twoStepTexts.recovery}{' '}
          <code className="rounded bg-white px-1.5 py-0.5 font-mono text-xs break-all text-slate-900 ring-1 ring-slate-200">
            {resetMfaCommand(email)}
          </code>
          .
        </p>
      </div>
    </div>
  )
}

function EnrolmentPanel({ enrolment, onVerified, onCancel }: { enrolment: TotpEnrolment; onVerified: () => void; onCancel: () => void }) {
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'nearest' })
  }, [])
  return (
    <div ref={panel} className="space-y-4 rounded-xl border border-slate-200 p-4 sm:p-5">
      <p className="text-sm font-medium text-slate-800">{twoStepTexts.scan}</p>
      <img
        src={enrolment.qrCode}
        alt={twoStepTexts.qrAlt}
        width={200}
        height={200}
        className="size-48 rounded-lg bg-white p-2 ring-1 ring-slate-200"
      />
      <div className="text-sm text-slate-600">
        <p>{twoStepTexts.typeKey}</p>
        <code data-testid="totp-secret" className="mt-1 block font-mono text-sm tracking-wider break-all text-slate-900 select-all">
          {enrolment.secret}
        </code>
      </div>
      <TotpCodeForm
        factorId={enrolment.factorId}
        submitText={twoStepTexts.confirm}
        submittingText={twoStepTexts.confirming}
        onVerified={onVerified}
      >
        <Button variant="outline" onClick={onCancel}>
          {twoStepTexts.cancel}
        </Button>
      </TotpCodeForm>
    </div>
  )
}
