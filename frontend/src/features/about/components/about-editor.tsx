// Admin editor of the about section: title, content, image and the two
// counts; saved by id or inserted when there is no row; message green, or red on error.
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { adminTexts } from '@/config/admin'
import { SingleRowEditor, type SingleRowFormProps } from '@/features/admin/editors/single-row-editor'
import { SingleRowForm } from '@/features/admin/editors/single-row-form'
import { useRowDrafts } from '@/features/history/use-row-drafts'
import { ImagePicker } from '@/features/media/components/image-picker'
import { aboutFormValues, buildAboutPayload, isAboutComplete, type AboutFormValues } from '../about-payload'
import { useAboutContent } from '../api/get-about-content'
import { useSaveAboutContent } from '../api/save-about-content'
import type { AboutContent } from '../types'

const t = adminTexts.about

export function AboutEditor() {
  const query = useAboutContent()
  return (
    <SingleRowEditor
      texts={t}
      preview="/#about"
      query={query}
      drafts={useRowDrafts('about_content', query, '/#about')}
      save={useSaveAboutContent()}
      check={(values: AboutFormValues) => (isAboutComplete(values) ? null : 'Section title and content are required.')}
      build={buildAboutPayload}
      Form={AboutForm}
    />
  )
}

/** The two counts shown with a trailing plus on the landing page. */
const counts = [
  { key: 'yearsExperience', name: 'years_experience', hint: t.yearsHint },
  { key: 'projectsCompleted', name: 'projects_completed', hint: t.projectsHint },
] as const

function AboutForm(props: SingleRowFormProps<AboutContent, AboutFormValues>) {
  return (
    <SingleRowForm {...props} toValues={aboutFormValues} layout="card">
      {({ values, set, change, setUploading }) => (
        <>
          <Field label={t.fields.title} required>
            {(control) => <Input {...control} name="title" value={values.title} onChange={change('title')} required />}
          </Field>
          <Field label={t.fields.content} hint={t.contentHint} required>
            {(control) => <Textarea {...control} name="content" rows={6} value={values.content} onChange={change('content')} required />}
          </Field>
          <Field label={t.fields.imageUrl}>
            {(control) => (
              <ImagePicker
                {...control}
                name="about image"
                inputName="image_url"
                folder="about"
                hint={values.title}
                value={values.imageUrl}
                onChange={(address) => set('imageUrl', address)}
                onBusyChange={setUploading}
              />
            )}
          </Field>
          <Field label={t.fields.imageAlt} hint={t.imageAltHint}>
            {(control) => (
              <Input
                {...control}
                name="image_alt"
                value={values.imageAlt}
                onChange={change('imageAlt')}
                maxLength={300}
                placeholder={values.title}
              />
            )}
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            {counts.map((count) => (
              <Field key={count.name} label={t.fields[count.key]} hint={count.hint}>
                {(control) => (
                  <Input
                    {...control}
                    name={count.name}
                    type="number"
                    min={0}
                    step={1}
                    inputMode="numeric"
                    value={values[count.key]}
                    onChange={change(count.key)}
                  />
                )}
              </Field>
            ))}
          </div>
        </>
      )}
    </SingleRowForm>
  )
}
