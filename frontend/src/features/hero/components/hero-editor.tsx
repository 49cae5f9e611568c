// Admin editor of the landing page hero: five fields, trimmed and cut
// to their limits, saved by id or inserted when there is no row, then read again.
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { adminTexts } from '@/config/admin'
import { limits } from '@/config/site'
import { SingleRowEditor, type SingleRowFormProps } from '@/features/admin/editors/single-row-editor'
import { SingleRowForm } from '@/features/admin/editors/single-row-form'
import { useRowDrafts } from '@/features/history/use-row-drafts'
import { FocalPointPicker } from '@/features/media/components/focal-point-picker'
import { ImagePicker } from '@/features/media/components/image-picker'
import { mediaTexts } from '@/features/media/texts'
import { useHeroContent } from '../api/get-hero-content'
import { useSaveHeroContent } from '../api/save-hero-content'
import { buildHeroPayload, heroFormValues, validateHero, type HeroFormValues } from '../hero-payload'
import type { HeroContent } from '../types'

const t = adminTexts.hero

export function HeroEditor() {
  const query = useHeroContent()
  return (
    <SingleRowEditor
      texts={t}
      query={query}
      drafts={useRowDrafts('hero_content', query, '/#hero')}
      save={useSaveHeroContent()}
      check={validateHero}
      build={buildHeroPayload}
      Form={HeroForm}
    />
  )
}

const max = limits.hero

// Title and subtitle are checked by validateHero, so its message shows (not the browser's).
function HeroForm(props: SingleRowFormProps<HeroContent, HeroFormValues>) {
  return (
    <SingleRowForm {...props} toValues={heroFormValues} layout="card">
      {({ values, set, change, setUploading }) => (
        <>
          <Field label={t.fields.title} required>
            {(control) => (
              <Input {...control} name="title" value={values.title} onChange={change('title')} maxLength={max.title} aria-required />
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
                onChange={change('subtitle')}
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
                onChange={(address) => set('backgroundImage', address)}
                maxLength={max.backgroundImage}
                onBusyChange={setUploading}
              />
            )}
          </Field>
          {values.backgroundImage.trim() && (
            <div>
              <p className="mb-1.5 text-sm font-medium text-slate-800">{mediaTexts.focalLabel}</p>
              <p className="mb-2 text-xs text-slate-500">{mediaTexts.focalHint}</p>
              <FocalPointPicker
                src={values.backgroundImage.trim()}
                value={values.backgroundFocus}
                onChange={(focus) => set('backgroundFocus', focus)}
                what="the background photo"
                className="max-w-xs"
              />
            </div>
          )}
          <Field label={t.fields.backgroundImageAlt} hint={t.backgroundImageAltHint}>
            {(control) => (
              <Input
                {...control}
                name="background_image_alt"
                value={values.backgroundImageAlt}
                onChange={change('backgroundImageAlt')}
                maxLength={limits.imageAlt}
              />
            )}
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label={t.fields.ctaText}>
              {(control) => (
                <Input {...control} name="cta_text" value={values.ctaText} onChange={change('ctaText')} maxLength={max.ctaText} />
              )}
            </Field>
            <Field label={t.fields.ctaSecondaryText}>
              {(control) => (
                <Input
                  {...control}
                  name="cta_secondary_text"
                  value={values.ctaSecondaryText}
                  onChange={change('ctaSecondaryText')}
                  maxLength={max.ctaSecondaryText}
                />
              )}
            </Field>
          </div>
        </>
      )}
    </SingleRowForm>
  )
}
