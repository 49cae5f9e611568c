// The landing sections' small headings, headings and introductions, and the contact
// section's reply promise.
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import type { SingleRowFields } from '@/features/admin/editors/single-row-form'
import type { SiteTextsFormValues, TextColumn } from '../site-texts-payload'
import { siteTextsAdmin as t } from '../texts'

const headingMax = 120
const introMax = 500

export function SectionFields({ values, change }: SingleRowFields<SiteTextsFormValues>) {
  return (
    <div className="space-y-8">
      {t.sections.map((section) => {
        const eyebrow = `${section.key}_eyebrow` as TextColumn
        const heading = section.key === 'about' ? null : (`${section.key}_heading` as TextColumn)
        const intro = section.key === 'about' ? null : (`${section.key}_intro` as TextColumn)
        return (
          <fieldset key={section.key} className="space-y-4">
            <legend className="font-semibold text-slate-950">{section.name}</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t.fields.eyebrow(section.name)} hint={t.hints.eyebrow}>
                {(control) => <Input {...control} value={values[eyebrow]} onChange={change(eyebrow)} maxLength={headingMax} />}
              </Field>
              {heading ? (
                <Field label={t.fields.heading(section.name)} required>
                  {(control) => <Input {...control} value={values[heading]} onChange={change(heading)} maxLength={headingMax} required />}
                </Field>
              ) : (
                <p className="self-center text-sm text-slate-500">{t.hints.aboutHeading}</p>
              )}
            </div>
            {intro && (
              <Field label={t.fields.intro(section.name)}>
                {(control) => <Textarea {...control} rows={2} value={values[intro]} onChange={change(intro)} maxLength={introMax} />}
              </Field>
            )}
            {section.key === 'contact' && (
              <Field label={t.fields.replyPromise} hint={t.hints.replyPromise} required>
                {(control) => (
                  <Input {...control} value={values.reply_promise} onChange={change('reply_promise')} maxLength={headingMax} required />
                )}
              </Field>
            )}
          </fieldset>
        )
      })}
    </div>
  )
}

/** The title suffix and the portfolio page's description. */
export function SearchFields({ values, change }: SingleRowFields<SiteTextsFormValues>) {
  return (
    <div className="space-y-4">
      <Field label={t.fields.titleSuffix} hint={t.hints.titleSuffix}>
        {(control) => <Input {...control} value={values.title_suffix} onChange={change('title_suffix')} maxLength={headingMax} />}
      </Field>
      <Field label={t.fields.portfolioDescription} hint={t.hints.portfolioDescription} required>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={values.portfolio_description}
            onChange={change('portfolio_description')}
            maxLength={introMax}
            required
          />
        )}
      </Field>
    </div>
  )
}
