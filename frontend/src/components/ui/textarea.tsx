import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'
import { fieldVariants } from './field-variants'

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldVariants(), 'min-h-32 resize-y py-3', className)} {...props} />
}
