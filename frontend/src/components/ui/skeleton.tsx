import type { HTMLAttributes } from 'react'
import { cn } from '@/lib/cn'

/** A grey placeholder block; hidden from assistive technology (the container says it is busy). */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200', className)} {...props} />
}
