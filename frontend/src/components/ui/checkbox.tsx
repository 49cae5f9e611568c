// A native checkbox with its label beside it.
import type { ComponentProps, ReactNode } from 'react'
import { cn } from '@/lib/cn'

interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode
}

export function Checkbox({ label, className, id, ...props }: CheckboxProps) {
  return (
    <label htmlFor={id} className={cn('inline-flex cursor-pointer items-center gap-2.5 text-sm font-medium text-slate-800', className)}>
      <input
        id={id}
        type="checkbox"
        className="size-4 cursor-pointer rounded border-slate-300 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary"
        {...props}
      />
      {label}
    </label>
  )
}
