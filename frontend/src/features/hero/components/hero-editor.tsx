// Admin editor of the landing page hero (spec §2, §4, §5): five fields, trimmed and cut
// to their limits, saved by id or inserted when there is no row, then read again.
import { useState, type FormEvent } from 'react'
import { useFieldChecks } from '@/features/admin/guard/use-field-checks'
import { useStatusUntilEdited, useUnsavedChanges } from '@/features/admin/guard/use-unsaved-changes'
import { Button } from '@/components/ui/button'
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
import { limits } from '@/config/site'
import { useHeroContent } from '../api/get-hero-content'
import { useSaveHeroContent } from '../api/save-hero-content'
import { buildHeroPayload, heroFormValues, validateHero, type HeroFormValues } from '../hero-payload'
import type { HeroContent } from '../types'

const t = adminTexts.hero

export function HeroEditor() {
  const { data, isLoading, error, refetch } = useHeroContent()
  const { mutate: save, isPending } = useSaveHeroContent()
  const { status, onSave } = useSingleRowEditor({
    id: data?.id,
    refetch,
    save,
    check: validateHero,
    build: buildHeroPayload,
    texts: t,
    log: 'Error saving hero content:',
  })

  return (
    <section aria-labelledby="hero-editor-title" className="space-y-6">
      <PanelHeader title={<span id="hero-editor-title">{t.title}</span>} subtitle={t.subtitle} />
      <PanelContent data={data} isLoading={isLoading} error={error} onRetry={refetch}>
        <HeroForm
          key={`${data?.id ?? 'new'}:${data?.updated_at ?? ''}`}
          hero={data ?? null}
          saving={isPending}
          status={status}
          onSave={onSave}
        />
      </PanelContent>
    </section>
  )
}

interface HeroFormProps {
  hero: HeroContent | null
  saving: boolean
  status: Status | null
  onSave: (values: HeroFormValues) => void
}

function HeroForm({ hero, saving, status, onSave }: HeroFormProps) {
  const [values, setValues] = useState(() => heroFormValues(hero))
  const [uploading, setUploading] = useState(false)
  const checks = useFieldChecks()
  useUnsavedChanges(heroFormValues(hero), values)
  const shownStatus = useStatusUntilEdited(checks.problem ?? status, values)
  const set = (name: keyof HeroFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }))

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!uploading) onSave(values)
  }

  const max = limits.hero
  return (
    <Card className="p-6 sm:p-8">
      {/* Title and subtitle are checked by validateHero, so its message shows (not the browser's). */}
      <form noValidate onSubmitCapture={checks.onSubmitCapture} onSubmit={onSubmit} className="space-y-5">
        <Field label={t.fields.title} required>
          {(control) => (
            <Input {...control} name="title" value={values.title} onChange={set('title')} maxLength={max.title} aria-required />
          )}
        </Field>
        <Field label={t.fields.subtitle} required>
          {(control) => (
            <Textarea
              {...control}
              name="subtitle"
              rows={3}
              className="min-h-24"
              value={values.subtitle}
              onChange={set('subtitle')}
              maxLength={max.subtitle}
              aria-required
            />
          )}
        </Field>
        <Field label={t.fields.backgroundImage} hint={t.backgroundImageHint}>
          {(control) => (
            <ImagePicker
              {...control}
              name="background image"
              inputName="background_image"
              folder="hero"
              hint={values.title}
              value={values.backgroundImage}
              onChange={(address) => setValues((current) => ({ ...current, backgroundImage: address }))}
              maxLength={max.backgroundImage}
              onBusyChange={setUploading}
            />
          )}
        </Field>
        <Field label={t.fields.backgroundImageAlt} hint={t.backgroundImageAltHint}>
          {(control) => (
            <Input
              {...control}
              name="background_image_alt"
              value={values.backgroundImageAlt}
              onChange={set('backgroundImageAlt')}
              maxLength={limits.imageAlt}
            />
          )}
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t.fields.ctaText}>
            {(control) => <Input {...control} name="cta_text" value={values.ctaText} onChange={set('ctaText')} maxLength={max.ctaText} />}
          </Field>
          <Field label={t.fields.ctaSecondaryText}>
            {(control) => (
              <Input
                {...control}
                name="cta_secondary_text"
                value={values.ctaSecondaryText}
                onChange={set('ctaSecondaryText')}
                maxLength={max.ctaSecondaryText}
              />
            )}
          </Field>
        </div>
        <div className="flex flex-wrap items-center gap-4 pt-2">
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
    </Card>
  )
}
