// Account → "Sign in with a passkey": register this device (its fingerprint, face or
// screen lock then signs in on the sign-in screen), and the passkeys the account has,
// each removable. Hidden behind a sentence where the browser cannot use passkeys.
import type { PasskeyListItem } from '@supabase/supabase-js'
import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { StatusMessage, type Status } from '@/components/ui/status-message'
import { twoStepTexts } from '@/config/two-step'
import { useAdminGuard } from '@/features/admin/guard/admin-guard'
import { listPasskeys, registerPasskey, removePasskey, supportsPasskeys } from '@/features/auth/api/passkeys'
import { useSession } from '@/features/auth/api/get-session'
import { settle } from '@/lib/use-mutation'
import { useQuery } from '@/lib/use-query'
import { formatDate } from '../format-date'

export function PasskeySettings() {
  const guard = useAdminGuard()
  const [supported] = useState(supportsPasskeys)
  const { session } = useSession()
  const query = useQuery(`passkeys:${session?.user.id ?? ''}`, listPasskeys)
  const passkeys = query.data ?? null
  const [busy, setBusy] = useState(false)
  const [status, setStatus] = useState<Status | null>(null)

  const reload = query.refetch
  // They change outside this page (another device, `pleat user reset-mfa`): read afresh
  // each time the section opens, not from the page's cache.
  useEffect(() => {
    void reload()
  }, [reload])

  async function onRegister() {
    setStatus(null)
    setBusy(true)
    const result = await settle(registerPasskey)
    setBusy(false)
    setStatus(result.success ? { text: twoStepTexts.registered, tone: 'success' } : { text: result.error, tone: 'error' })
    if (result.success) await reload()
  }

  async function onRemove(passkey: PasskeyListItem) {
    setStatus(null)
    const yes = await guard.confirm({
      title: twoStepTexts.removePasskeyTitle,
      message: twoStepTexts.removePasskey,
      confirmLabel: twoStepTexts.removeConfirm,
      cancelLabel: twoStepTexts.keep,
      danger: true,
    })
    if (!yes) return
    setBusy(true)
    const result = await settle(() => removePasskey(passkey.id))
    setBusy(false)
    setStatus(result.success ? { text: twoStepTexts.passkeyRemoved, tone: 'success' } : { text: result.error, tone: 'error' })
    if (result.success) await reload()
  }

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">{twoStepTexts.passkeysHint}</p>
      {passkeys === null && !query.error && <p className="text-sm text-slate-500">{twoStepTexts.loading}</p>}
      {passkeys?.length === 0 && <p className="text-sm text-slate-500">{twoStepTexts.noPasskeys}</p>}
      {passkeys && passkeys.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label={twoStepTexts.passkeysTitle}>
          {passkeys.map((passkey) => {
            const name = twoStepTexts.passkeyName(passkey.friendly_name)
            return (
              <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{name}</p>
                  <p className="text-sm text-slate-500">
                    {twoStepTexts.added(formatDate(passkey.created_at))}
                    {passkey.last_used_at && `, ${twoStepTexts.lastUsed(formatDate(passkey.last_used_at))}`}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void onRemove(passkey)}
                  disabled={busy}
                  aria-label={`${twoStepTexts.remove} ${name}`}
                >
                  {twoStepTexts.remove}
                </Button>
              </li>
            )
          })}
        </ul>
      )}
      {supported ? (
        <Button variant="outline" onClick={() => void onRegister()} disabled={busy}>
          {busy ? twoStepTexts.registering : twoStepTexts.register}
        </Button>
      ) : (
        <p className="text-sm text-slate-600">{twoStepTexts.unsupported}</p>
      )}
      <StatusMessage status={status ?? (query.error ? { text: query.error, tone: 'error' } : null)} />
    </div>
  )
}
