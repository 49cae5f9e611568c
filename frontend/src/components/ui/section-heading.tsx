// The eyebrow, heading and intro that open each landing page section.
import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'

interface SectionHeadingProps {
  id?: string
  eyebrow?: string
  title: ReactNode
  intro?: ReactNode
  align?: 'center' | 'left'
  tone?: 'light' | 'dark'
  className?: string
}

export function SectionHeading({ id, eyebrow, title, intro, align = 'center', tone = 'light', className }: SectionHeadingProps) {
  return (
    <div className={cn('max-w-2xl', align === 'center' && 'mx-auto text-center', className)}>
      {eyebrow && (
        <p
          className={cn(
            'mb-3 inline-flex items-center gap-2 text-xs font-semibold tracking-[0.2em] uppercase',
            tone === 'light' ? 'text-secondary-ink' : 'text-secondary-on-primary',
          )}
        >
          <span aria-hidden="true" className="h-px w-6 bg-current" />
          {eyebrow}
        </p>
      )}
      <h2
        id={id}
        className={cn(
          'font-display text-3xl font-semibold tracking-tight text-balance md:text-4xl lg:text-5xl',
          tone === 'light' ? 'text-slate-950' : 'text-primary-foreground',
        )}
      >
        {title}
      </h2>
      {intro && <p className={cn('mt-4 text-lg text-pretty', tone === 'light' ? 'text-slate-600' : 'text-primary-muted')}>{intro}</p>}
    </div>
  )
}
