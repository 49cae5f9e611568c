// The add/edit form of a service card: title, description, one of the six icons, featured.
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { Textarea } from '@/components/ui/textarea'
import { adminTexts } from '@/config/admin'
import { serviceIcons, type ServiceIcon as ServiceIconName } from '@/config/site'
import { ListForm, type ListFormProps } from '@/features/admin/editors/list-form'
import { isServiceComplete, type ServiceFormValues } from '../service-payload'
import { ServiceIcon } from './service-icon'

const t = adminTexts.services

export function ServiceForm(props: ListFormProps<ServiceFormValues>) {
  return (
    <ListForm {...props} testId="service-form" isComplete={isServiceComplete} required="Title and description are required.">
      {({ values, set }) => (
        <>
          <Field label={t.fields.title} required>
            {(control) => <Input {...control} value={values.title} onChange={(event) => set('title', event.target.value)} required />}
          </Field>
          <Field label={t.fields.description} required>
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                className="min-h-24"
                value={values.description}
                onChange={(event) => set('description', event.target.value)}
                required
              />
            )}
          </Field>
          <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
            <Field label={t.fields.icon}>
              {(control) => (
                <Select {...control} value={values.icon} onChange={(event) => set('icon', event.target.value as ServiceIconName)}>
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
        </>
      )}
    </ListForm>
  )
}
