// Admin editor of the about section (spec §2, §4, §5): title, content, image and the two
// counts; saved by id or inserted when there is no row; message green, or red on error.
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
import { aboutFormValues, buildAboutPayload, isAboutComplete, type AboutFormValues } from '../about-payload'
import { useAboutContent } from '../api/get-about-content'
import { useSaveAboutContent } from '../api/save-about-content'
import type { AboutContent } from '../types'

const t = adminTexts.about

export function AboutEditor() {
  const { data, isLoading, error, refetch } = useAboutContent()
  const { mutate: save, isPending } = useSaveAboutContent()
  const { status, onSave } = useSingleRowEditor({
    id: data?.id,
    refetch,
    save,
    check: (values: AboutFormValues) => (isAboutComplete(values) ? null : 'Section title and content are required.'),
    build: buildAboutPayload,
    texts: t,
    log: 'Error saving about content:',
  })

  return (
    <section aria-labelledby="about-editor-title" className="space-y-6">
      <PanelHeader
        title={<span id="about-editor-title">{t.title}</span>}
        subtitle={t.subtitle}
        actions={
          <a href="/#about" target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <ExternalLink aria-hidden="true" />
            {adminTexts.preview}
          </a>
        }
      />
      <PanelContent data={data} isLoading={isLoading} error={error} onRetry={refetch}>
        <AboutForm
          key={`${data?.id ?? 'new'}:${data?.updated_at ?? ''}`}
          about={data ?? null}
          saving={isPending}
          status={status}
          onSave={onSave}
        />
      </PanelContent>
    </section>
  )
}

interface AboutFormProps {
  about: AboutContent | null
  saving: boolean
  status: Status | null
  onSave: (values: AboutFormValues) => void
}

function AboutForm({ about, saving, status, onSave }: AboutFormProps) {
  const [values, setValues] = useState(() => aboutFormValues(about))
  const [uploading, setUploading] = useState(false)
  const checks = useFieldChecks()
  useUnsavedChanges(aboutFormValues(about), values)
  const shownStatus = useStatusUntilEdited(checks.problem ?? status, values)
  const set = (name: keyof AboutFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }))

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!uploading) onSave(values)
  }

  return (
    <Card className="p-6 sm:p-8">
      <form noValidate onSubmitCapture={checks.onSubmitCapture} onSubmit={onSubmit} className="space-y-5">
        <Field label={t.fields.title} required>
          {(control) => <Input {...control} name="title" value={values.title} onChange={set('title')} required />}
        </Field>
        <Field label={t.fields.content} hint={t.contentHint} required>
          {(control) => <Textarea {...control} name="content" rows={6} value={values.content} onChange={set('content')} required />}
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
              onChange={(address) => setValues((current) => ({ ...current, imageUrl: address }))}
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
              onChange={set('imageAlt')}
              maxLength={300}
              placeholder={values.title}
            />
          )}
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t.fields.yearsExperience} hint={t.yearsHint}>
            {(control) => (
              <Input
                {...control}
                name="years_experience"
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                value={values.yearsExperience}
                onChange={set('yearsExperience')}
              />
            )}
          </Field>
          <Field label={t.fields.projectsCompleted} hint={t.projectsHint}>
            {(control) => (
              <Input
                {...control}
                name="projects_completed"
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                value={values.projectsCompleted}
                onChange={set('projectsCompleted')}
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
