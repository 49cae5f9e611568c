import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'
import { fieldVariants } from './field-variants'

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(fieldVariants(), 'h-11', className)} {...props} />
}
