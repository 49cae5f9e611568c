// The add/edit form of a service card: title, description, one of the six icons, featured.
import { useId, useRef, useState, type FormEvent } from 'react'
import { useFieldChecks } from '@/features/admin/guard/use-field-checks'
import { useFocusFirstField } from '@/features/admin/guard/use-return-focus'
import { useUnsavedChanges } from '@/features/admin/guard/use-unsaved-changes'
import { Card } from '@/components/ui/card'
import { Checkbox } from '@/components/ui/checkbox'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { Textarea } from '@/components/ui/textarea'
import { adminTexts } from '@/config/admin'
import { FormFooter } from '@/features/admin/components/form-footer'
import { serviceIcons, type ServiceIcon as ServiceIconName } from '@/config/site'
import { isServiceComplete, type ServiceFormValues } from '../service-payload'
import { ServiceIcon } from './service-icon'

const t = adminTexts.services

interface ServiceFormProps {
  heading: string
  initial: ServiceFormValues
  saving: boolean
  error: string | null
  onSave: (values: ServiceFormValues) => void
  onCancel: () => void
}

export function ServiceForm({ heading, initial, saving, error, onSave, onCancel }: ServiceFormProps) {
  const id = useId()
  const [values, setValues] = useState(initial)
  const formRef = useRef<HTMLFormElement>(null)
  const checks = useFieldChecks()
  useUnsavedChanges(initial, values)
  useFocusFirstField(formRef)
  const [incomplete, setIncomplete] = useState(false)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const complete = isServiceComplete(values)
    setIncomplete(!complete)
    if (complete) onSave(values)
  }

  return (
    <Card data-testid="service-form" className="p-6 sm:p-8">
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
        <Field label={t.fields.title} required>
          {(control) => (
            <Input {...control} value={values.title} onChange={(event) => setValues({ ...values, title: event.target.value })} required />
          )}
        </Field>
        <Field label={t.fields.description} required>
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              className="min-h-24"
              value={values.description}
              onChange={(event) => setValues({ ...values, description: event.target.value })}
              required
            />
          )}
        </Field>
        <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
          <Field label={t.fields.icon}>
            {(control) => (
              <Select
                {...control}
                value={values.icon}
                onChange={(event) => setValues({ ...values, icon: event.target.value as ServiceIconName })}
              >
                {serviceIcons.map((icon) => (
                  <option key={icon} value={icon}>
                    {icon}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <span className="inline-flex size-11 items-center justify-center rounded-xl bg-secondary/15 text-secondary-ink">
            <ServiceIcon name={values.icon} className="size-5" />
          </span>
        </div>
        <Checkbox
          id={`${id}-featured`}
          label={t.fields.featured}
          checked={values.featured}
          onChange={(event) => setValues({ ...values, featured: event.target.checked })}
        />
        <FormFooter
          problem={checks.problem}
          required="Title and description are required."
          incomplete={incomplete}
          error={error}
          saving={saving}
          onCancel={onCancel}
        />
      </form>
    </Card>
  )
}
