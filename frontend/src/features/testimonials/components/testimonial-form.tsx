// The add/edit form of a testimonial (spec §2, §5): name, role, content, stars, avatar
// URL and featured.
import { useId, useRef, useState, type FormEvent } from 'react'
import { useFieldChecks } from '@/features/admin/guard/use-field-checks'
import { useFocusFirstField } from '@/features/admin/guard/use-return-focus'
import { useUnsavedChanges } from '@/features/admin/guard/use-unsaved-changes'
import { Card } from '@/components/ui/card'
import { Checkbox } from '@/components/ui/checkbox'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { ImagePicker } from '@/features/media/components/image-picker'
import { Textarea } from '@/components/ui/textarea'
import { adminTexts } from '@/config/admin'
import { FormFooter } from '@/features/admin/components/form-footer'
import { isTestimonialComplete, type TestimonialFormValues } from '../testimonial-payload'
import { StarRatingInput } from './star-rating-input'

const t = adminTexts.testimonials

interface TestimonialFormProps {
  heading: string
  initial: TestimonialFormValues
  saving: boolean
  error: string | null
  onSave: (values: TestimonialFormValues) => void
  onCancel: () => void
}

export function TestimonialForm({ heading, initial, saving, error, onSave, onCancel }: TestimonialFormProps) {
  const id = useId()
  const [values, setValues] = useState(initial)
  const formRef = useRef<HTMLFormElement>(null)
  const checks = useFieldChecks()
  useUnsavedChanges(initial, values)
  useFocusFirstField(formRef)
  const [incomplete, setIncomplete] = useState(false)
  const [uploading, setUploading] = useState(false)
  const set = <K extends keyof TestimonialFormValues>(name: K, value: TestimonialFormValues[K]) =>
    setValues((current) => ({ ...current, [name]: value }))

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (uploading) return
    const complete = isTestimonialComplete(values)
    setIncomplete(!complete)
    if (complete) onSave(values)
  }

  return (
    <Card data-testid="testimonial-form" className="p-6 sm:p-8 md:col-span-2">
      <form
        ref={formRef}
        noValidate
        onSubmitCapture={checks.onSubmitCapture}
        onSubmit={onSubmit}
        aria-labelledby={`${id}-heading`}
        className="space-y-5"
      >
        <h3 id={`${id}-heading`} className="text-lg font-semibold text-slate-950">
          {heading}
        </h3>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t.fields.name} required>
            {(control) => <Input {...control} value={values.name} onChange={(e) => set('name', e.target.value)} required />}
          </Field>
          <Field label={t.fields.role}>
            {(control) => <Input {...control} value={values.role} onChange={(e) => set('role', e.target.value)} />}
          </Field>
        </div>
        <Field label={t.fields.content} required>
          {(control) => (
            <Textarea
              {...control}
              rows={4}
              className="min-h-0"
              value={values.content}
              onChange={(e) => set('content', e.target.value)}
              required
            />
          )}
        </Field>
        <div>
          <p id={`${id}-rating`} className="mb-1.5 text-sm font-medium text-slate-800">
            {t.fields.rating}
          </p>
          <StarRatingInput value={values.rating} onChange={(rating) => set('rating', rating)} labelledBy={`${id}-rating`} />
        </div>
        <Field label={t.fields.avatarUrl} hint={t.avatarHint}>
          {(control) => (
            <ImagePicker
              {...control}
              name="avatar"
              folder="testimonials"
              hint={values.name}
              shape="square"
              value={values.avatarUrl}
              onChange={(address) => set('avatarUrl', address)}
              onBusyChange={setUploading}
            />
          )}
        </Field>
        <Checkbox
          id={`${id}-featured`}
          label={t.fields.featured}
          checked={values.featured}
          onChange={(e) => set('featured', e.target.checked)}
        />
        <FormFooter
          problem={checks.problem}
          required="Name and content are required."
          incomplete={incomplete}
          error={error}
          saving={saving}
          blocked={uploading ? adminTexts.waitForUpload : null}
          onCancel={onCancel}
        />
      </form>
    </Card>
  )
}
