import type { LabelHTMLAttributes } from 'react'
import { cn } from '@/lib/cn'

interface LabelProps extends LabelHTMLAttributes<HTMLLabelElement> {
  /** Adds the visual required marker; the field itself carries `required`. */
  required?: boolean
}

export function Label({ className, children, required, ...props }: LabelProps) {
  return (
    <label className={cn('mb-1.5 block text-sm font-medium text-slate-800', className)} {...props}>
      {children}
      {required && (
        <span aria-hidden="true" className="ml-0.5 text-red-700">
          *
        </span>
      )}
    </label>
  )
}
