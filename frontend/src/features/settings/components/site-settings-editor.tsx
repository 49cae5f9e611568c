// Site Settings (spec §2, §4): title, description and logo, and the two theme colours
// (six presets, pickers, hex fields, live preview); saved by id or inserted when missing.
import { ExternalLink } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useFieldChecks } from '@/features/admin/guard/use-field-checks'
import { useStatusUntilEdited, useUnsavedChanges } from '@/features/admin/guard/use-unsaved-changes'
import { Button, buttonVariants } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { ImagePicker } from '@/features/media/components/image-picker'
import { PanelHeader } from '@/components/ui/panel-header'
import { PanelContent } from '@/components/ui/panel-state'
import { StatusMessage, type Status } from '@/components/ui/status-message'
import { Textarea } from '@/components/ui/textarea'
import { adminTexts } from '@/config/admin'
import { useSingleRowEditor } from '@/lib/use-single-row-editor'
import { colorPresets, defaultColors } from '@/config/site'
import { useSiteSettings } from '@/features/site/api/get-site-settings'
import type { SiteSettings } from '@/features/site/types'
import { cn } from '@/lib/cn'
import { useSaveSiteSettings } from '../api/save-site-settings'
import { applyPreset, buildSettingsPayload, isPresetActive, settingsFormValues, type SettingsFormValues } from '../settings-payload'
import { ColorField } from './color-field'
import { ColorPreview } from './color-preview'

const t = adminTexts.settings

export function SiteSettingsEditor() {
  const { data, isLoading, error, refetch } = useSiteSettings()
  const { mutate: save, isPending } = useSaveSiteSettings()
  const { status, onSave } = useSingleRowEditor({
    id: data?.id,
    refetch,
    save,
    check: (values: SettingsFormValues) => (values.siteTitle.trim() ? null : 'Site title is required.'),
    build: buildSettingsPayload,
    texts: t,
    log: 'Error saving site settings:',
  })

  return (
    <section aria-labelledby="settings-editor-title" className="space-y-6">
      <PanelHeader
        title={<span id="settings-editor-title">{t.title}</span>}
        subtitle={t.subtitle}
        actions={
          <a href="/" target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <ExternalLink aria-hidden="true" />
            {adminTexts.preview}
          </a>
        }
      />
      <PanelContent data={data} isLoading={isLoading} error={error} onRetry={refetch}>
        <SettingsForm
          key={`${data?.id ?? 'new'}:${data?.updated_at ?? ''}`}
          settings={data ?? null}
          saving={isPending}
          status={status}
          onSave={onSave}
        />
      </PanelContent>
    </section>
  )
}

interface SettingsFormProps {
  settings: SiteSettings | null
  saving: boolean
  status: Status | null
  onSave: (values: SettingsFormValues) => void
}

function SettingsForm({ settings, saving, status, onSave }: SettingsFormProps) {
  const [values, setValues] = useState(() => settingsFormValues(settings))
  const [uploading, setUploading] = useState(false)
  const checks = useFieldChecks()
  useUnsavedChanges(settingsFormValues(settings), values)
  const shownStatus = useStatusUntilEdited(checks.problem ?? status, values)
  const set = (name: keyof SettingsFormValues) => (value: string) => setValues((current) => ({ ...current, [name]: value }))

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!uploading) onSave(values)
  }

  return (
    <form noValidate onSubmitCapture={checks.onSubmitCapture} onSubmit={onSubmit} className="space-y-6">
      <Card className="space-y-5 p-6 sm:p-8">
        <h3 className="text-lg font-semibold text-slate-950">{t.basicTitle}</h3>
        <Field label={t.fields.siteTitle} hint={t.siteTitleHint} required>
          {(control) => (
            <Input {...control} name="site_title" value={values.siteTitle} onChange={(e) => set('siteTitle')(e.target.value)} required />
          )}
        </Field>
        <Field label={t.fields.siteDescription} hint={t.siteDescriptionHint}>
          {(control) => (
            <Textarea
              {...control}
              name="site_description"
              rows={3}
              className="min-h-24"
              value={values.siteDescription}
              onChange={(e) => set('siteDescription')(e.target.value)}
            />
          )}
        </Field>
        <Field label={t.fields.logoUrl} hint={t.logoHint}>
          {(control) => (
            <ImagePicker
              {...control}
              name="logo"
              inputName="logo_url"
              folder="logo"
              hint={values.siteTitle}
              shape="square"
              value={values.logoUrl}
              onChange={set('logoUrl')}
              onBusyChange={setUploading}
            />
          )}
        </Field>
      </Card>

      <Card className="space-y-5 p-6 sm:p-8">
        <h3 className="text-lg font-semibold text-slate-950">{t.colorTitle}</h3>
        <div>
          <p id="color-presets" className="mb-2 text-sm font-medium text-slate-800">
            {t.presets}
          </p>
          <div role="group" aria-labelledby="color-presets" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {colorPresets.map((preset) => {
              const active = isPresetActive(values, preset)
              return (
                <button
                  key={preset.name}
                  type="button"
                  aria-pressed={active}
                  onClick={() => setValues((current) => applyPreset(current, preset))}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2.5 text-left text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-secondary',
                    active ? 'border-primary bg-slate-50 ring-1 ring-primary' : 'border-slate-200 hover:border-slate-400',
                  )}
                >
                  <span aria-hidden="true" className="flex shrink-0 -space-x-1.5">
                    <span className="size-5 rounded-full ring-2 ring-white" style={{ backgroundColor: preset.primary }} />
                    <span className="size-5 rounded-full ring-2 ring-white" style={{ backgroundColor: preset.secondary }} />
                  </span>
                  {preset.name}
                </button>
              )
            })}
          </div>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <ColorField
            label={t.fields.primaryColor}
            value={values.primaryColor}
            fallback={defaultColors.primary}
            onChange={set('primaryColor')}
          />
          <ColorField
            label={t.fields.secondaryColor}
            value={values.secondaryColor}
            fallback={defaultColors.secondary}
            onChange={set('secondaryColor')}
          />
        </div>
        <ColorPreview
          title={values.siteTitle}
          primary={values.primaryColor}
          secondary={values.secondaryColor}
          fallbackPrimary={defaultColors.primary}
          fallbackSecondary={defaultColors.secondary}
        />
      </Card>

      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={saving || uploading}>
          {saving ? adminTexts.saving : adminTexts.saveChanges}
        </Button>
        {uploading && (
          <p role="status" className="text-sm text-slate-600">
            {adminTexts.waitForUpload}
          </p>
        )}
        <StatusMessage status={shownStatus} />
      </div>
    </form>
  )
}
