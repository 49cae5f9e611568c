// Site Settings: title, description and logo, and the two theme colours
// (six presets, pickers, hex fields, live preview); saved by id or inserted when missing.
import { Card } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Textarea } from '@/components/ui/textarea'
import { adminTexts } from '@/config/admin'
import { colorPresets, defaultColors } from '@/config/site'
import { SingleRowEditor, type SingleRowFormProps } from '@/features/admin/editors/single-row-editor'
import { SingleRowForm } from '@/features/admin/editors/single-row-form'
import { useRowDrafts } from '@/features/history/use-row-drafts'
import { ImagePicker } from '@/features/media/components/image-picker'
import { useSiteSettings } from '@/features/site/api/get-site-settings'
import type { SiteSettings } from '@/features/site/types'
import { cn } from '@/lib/cn'
import { useSaveSiteSettings } from '../api/save-site-settings'
import {
  applyPreset,
  buildSettingsPayload,
  isPresetActive,
  settingsFormValues,
  settingsProblem,
  type SettingsFormValues,
} from '../settings-payload'
import { SearchDetailsCard } from './search-details-card'
import { ColorField } from './color-field'
import { ColorPreview } from './color-preview'

const t = adminTexts.settings

export function SiteSettingsEditor() {
  const query = useSiteSettings()
  return (
    <SingleRowEditor
      texts={t}
      preview="/"
      query={query}
      drafts={useRowDrafts('site_settings', query, '/')}
      save={useSaveSiteSettings()}
      check={settingsProblem}
      build={buildSettingsPayload}
      Form={SettingsForm}
    />
  )
}

function SettingsForm(props: SingleRowFormProps<SiteSettings, SettingsFormValues>) {
  return (
    <SingleRowForm {...props} toValues={settingsFormValues} layout="cards">
      {({ values, set, change, update, setUploading }) => (
        <>
          <Card className="space-y-5 p-6 sm:p-8">
            <h3 className="text-lg font-semibold text-slate-950">{t.basicTitle}</h3>
            <Field label={t.fields.siteDescription} hint={t.siteDescriptionHint}>
              {(control) => (
                <Textarea
                  {...control}
                  name="site_description"
                  rows={3}
                  className="min-h-24"
                  value={values.siteDescription}
                  onChange={change('siteDescription')}
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
                  onChange={(address) => set('logoUrl', address)}
                  onBusyChange={setUploading}
                />
              )}
            </Field>
          </Card>

          <SearchDetailsCard values={values} change={change} />

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
                      onClick={() => update((current) => applyPreset(current, preset))}
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
                onChange={(color) => set('primaryColor', color)}
              />
              <ColorField
                label={t.fields.secondaryColor}
                value={values.secondaryColor}
                fallback={defaultColors.secondary}
                onChange={(color) => set('secondaryColor', color)}
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
        </>
      )}
    </SingleRowForm>
  )
}
