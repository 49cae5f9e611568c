// A form field: label, the control, and an optional hint below it that the control is
// described by. The control is passed as a function of its id and hint id.
import { useId, type ReactNode } from 'react'
import { cn } from '@/lib/cn'
import { Label } from './label'

export interface FieldControlProps {
  id: string
  'aria-describedby'?: string
}

interface FieldProps {
  label: ReactNode
  hint?: ReactNode
  required?: boolean
  className?: string
  children: (control: FieldControlProps) => ReactNode
}

export function Field({ label, hint, required, className, children }: FieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  return (
    <div className={cn('min-w-0', className)}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {children({ id, 'aria-describedby': hint ? hintId : undefined })}
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  )
}
