// The business name (site_settings.site_title) beside the contact details, where an owner
// looks for it: its own small form, saved on its own, over the version it was read at.
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { StatusMessage, type Status } from '@/components/ui/status-message'
import { useSiteSettings } from '@/features/site/api/get-site-settings'
import type { SiteSettings } from '@/features/site/types'
import { saveSingleRow } from '@/lib/table-writes'
import { businessNameTexts as t } from '../texts'

export const businessNameMax = 100

export function BusinessNameCard() {
  const { data: settings, refetch } = useSiteSettings()
  // The typed name, or null while it is the stored one.
  const [typed, setTyped] = useState<string | null>(null)
  const [status, setStatus] = useState<Status | null>(null)
  const [saving, setSaving] = useState(false)
  const value = typed ?? settings?.site_title ?? ''

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const name = value.trim().slice(0, businessNameMax)
    if (!name) {
      setStatus({ text: t.required, tone: 'error' })
      return
    }
    setSaving(true)
    setStatus(null)
    try {
      const result = await saveSingleRow<SiteSettings>('site_settings', settings ?? null, {
        site_title: name,
        updated_at: new Date().toISOString(),
      })
      if (result.kind === 'conflict') throw new Error('changed elsewhere')
      await refetch()
      setTyped(null)
      setStatus({ text: t.success, tone: 'success' })
    } catch (error) {
      console.error(t.logSave, error)
      setStatus({ text: t.failure, tone: 'error' })
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card className="p-6 sm:p-8">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label={t.label} hint={t.hint} required>
          {(control) => (
            <Input
              {...control}
              name="site_title"
              autoComplete="organization"
              maxLength={businessNameMax}
              value={value}
              aria-invalid={status?.tone === 'error' && !value.trim() ? true : undefined}
              onChange={(e) => {
                setTyped(e.target.value)
                setStatus(null)
              }}
              required
            />
          )}
        </Field>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="primary" size="sm" disabled={saving || typed === null}>
            {saving ? t.saving : t.save}
          </Button>
          <StatusMessage status={status} />
        </div>
      </form>
    </Card>
  )
}
