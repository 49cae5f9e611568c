import { cva, type VariantProps } from 'class-variance-authority'
import type { HTMLAttributes } from 'react'
import { cn } from '@/lib/cn'

export const cardVariants = cva('rounded-2xl bg-white', {
  variants: {
    variant: {
      default: 'border border-slate-200/80 shadow-sm',
      elevated: 'shadow-xl shadow-slate-900/5 ring-1 ring-slate-900/5',
      interactive:
        'border border-slate-200/80 shadow-sm transition duration-300 hover:-translate-y-1 hover:shadow-xl hover:shadow-slate-900/10',
    },
  },
  defaultVariants: { variant: 'default' },
})

type CardProps = HTMLAttributes<HTMLDivElement> & VariantProps<typeof cardVariants>

export function Card({ className, variant, ...props }: CardProps) {
  return <div className={cn(cardVariants({ variant }), className)} {...props} />
}
