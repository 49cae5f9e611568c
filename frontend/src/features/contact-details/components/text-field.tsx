// One text field of the Contact Details form, with its error shown inline (aria-invalid,
// described by the message) instead of the browser's bubble.
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'

interface TextFieldProps {
  label: string
  name: string
  value: string
  error?: string
  hint?: string
  type?: 'text' | 'email' | 'tel' | 'url'
  autoComplete?: string
  onChange: (value: string) => void
}

export function TextField({ label, name, value, error, hint, type = 'text', autoComplete, onChange }: TextFieldProps) {
  return (
    <Field label={label} hint={hint}>
      {(control) => (
        <>
          <Input
            {...control}
            name={name}
            type={type === 'url' ? 'text' : type}
            inputMode={type === 'url' ? 'url' : undefined}
            autoComplete={autoComplete}
            spellCheck={type === 'text'}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={
              [control['aria-describedby'], error ? `${control.id}-error` : undefined].filter(Boolean).join(' ') || undefined
            }
            onChange={(e) => onChange(e.target.value)}
          />
          {error && (
            <p id={`${control.id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </>
      )}
    </Field>
  )
}
