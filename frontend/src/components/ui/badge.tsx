import { cva, type VariantProps } from 'class-variance-authority'
import type { HTMLAttributes } from 'react'
import { cn } from '@/lib/cn'

export const badgeVariants = cva('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold [&_svg]:size-3', {
  variants: {
    variant: {
      default: 'bg-slate-100 text-slate-800',
      accent: 'bg-secondary text-secondary-foreground',
      overlay: 'bg-white/90 text-slate-900 shadow-sm backdrop-blur',
      dark: 'bg-slate-900/75 text-white backdrop-blur',
    },
  },
  defaultVariants: { variant: 'default' },
})

type BadgeProps = HTMLAttributes<HTMLSpanElement> & VariantProps<typeof badgeVariants>

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />
}
