// The add/edit form of a testimonial: name, role, content, stars, avatar
// URL and featured.
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { adminTexts } from '@/config/admin'
import { ListForm, type ListFormProps } from '@/features/admin/editors/list-form'
import { ImagePicker } from '@/features/media/components/image-picker'
import { isTestimonialComplete, type TestimonialFormValues } from '../testimonial-payload'
import { StarRatingInput } from './star-rating-input'

const t = adminTexts.testimonials

export function TestimonialForm(props: ListFormProps<TestimonialFormValues>) {
  return (
    <ListForm
      {...props}
      testId="testimonial-form"
      featured={t.fields.featured}
      isComplete={isTestimonialComplete}
      required="Name and content are required."
    >
      {({ id, values, set, setUploading }) => (
        <>
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
        </>
      )}
    </ListForm>
  )
}
