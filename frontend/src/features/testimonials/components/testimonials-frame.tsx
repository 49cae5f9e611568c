// The testimonials section without its cards: its frame, heading, grid and loading text.
import type { ReactNode } from 'react'
import { SectionHeading } from '@/components/ui/section-heading'
import { texts } from '@/config/site'
import { useSiteTexts } from '@/features/site-texts/api/get-site-texts'

export const testimonialsGridClass = 'mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3'

export function TestimonialsFrame({ busy, children }: { busy?: boolean; children: ReactNode }) {
  const section = useSiteTexts().testimonials
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-heading"
      aria-busy={busy || undefined}
      className="scroll-mt-16 bg-white py-20 md:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="testimonials-heading" eyebrow={section.eyebrow} title={section.heading} intro={section.intro} />
        {children}
      </div>
    </section>
  )
}

export function TestimonialsLoading() {
  return (
    <p role="status" className="mt-14 text-center text-slate-500">
      {texts.loadingTestimonials}
    </p>
  )
}
