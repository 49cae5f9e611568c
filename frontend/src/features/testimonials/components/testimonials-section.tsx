// Landing page testimonials: a card per review with its stars (5 when no rating is stored).
import { Quote, Star } from 'lucide-react'
import { cardVariants } from '@/components/ui/card'
import { displayDefaults, limits } from '@/config/site'
import { cn } from '@/lib/cn'
import { SiteImage } from '@/features/media/components/site-image'
import { avatarLayout } from '@/features/media/layouts'
import { initialOf } from '@/lib/format'
import { useTestimonials } from '../api/get-testimonials'
import type { Testimonial } from '../types'
import { TestimonialsFrame, TestimonialsLoading, testimonialsGridClass } from './testimonials-frame'

/** The stored rating as a whole number of stars from 1 to 5; 5 when absent. */
export function starCount(rating: number | null | undefined): number {
  if (typeof rating !== 'number' || !Number.isFinite(rating)) return displayDefaults.rating
  return Math.min(Math.max(Math.round(rating), 1), limits.ratingMax)
}

export function StarRating({ rating }: { rating: number | null | undefined }) {
  const stars = starCount(rating)
  return (
    <div role="img" aria-label={`${stars} out of ${limits.ratingMax} stars`} className="flex gap-0.5">
      {Array.from({ length: limits.ratingMax }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          data-filled={i < stars}
          className={cn('size-5', i < stars ? 'fill-secondary text-secondary' : 'fill-slate-200 text-slate-200')}
        />
      ))}
    </div>
  )
}

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    // A featured testimonial stands out (the admin's Featured checkbox has this visible effect).
    <figure
      data-testid="testimonial"
      data-featured={testimonial.featured || undefined}
      className={cn(cardVariants(), 'relative flex h-full flex-col p-7 sm:p-8', testimonial.featured && 'ring-2 ring-secondary')}
    >
      <Quote aria-hidden="true" className="absolute top-6 right-6 size-10 text-slate-100" />
      <StarRating rating={testimonial.rating} />
      <blockquote className="mt-5 flex-1 text-lg leading-relaxed text-slate-700">
        <p>&ldquo;{testimonial.content}&rdquo;</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-6">
        {testimonial.avatar_url ? (
          <SiteImage
            src={testimonial.avatar_url}
            alt=""
            layout={avatarLayout}
            width={48}
            height={48}
            loading="lazy"
            decoding="async"
            className="size-12 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex size-12 items-center justify-center rounded-full bg-primary font-display text-lg font-semibold text-primary-foreground"
          >
            {initialOf(testimonial.name)}
          </span>
        )}
        <div>
          <p className="font-semibold text-slate-950">{testimonial.name}</p>
          {testimonial.role && <p className="text-sm text-slate-500">{testimonial.role}</p>}
        </div>
      </figcaption>
    </figure>
  )
}

interface TestimonialsViewProps {
  testimonials: Testimonial[] | undefined
  isLoading: boolean
}

export function TestimonialsView({ testimonials, isLoading }: TestimonialsViewProps) {
  return (
    <TestimonialsFrame>
      {isLoading ? (
        <TestimonialsLoading />
      ) : (
        <div className={testimonialsGridClass}>
          {(testimonials ?? []).map((testimonial) => (
            <TestimonialCard key={testimonial.id} testimonial={testimonial} />
          ))}
        </div>
      )}
    </TestimonialsFrame>
  )
}

export function TestimonialsSection() {
  const { data, isLoading } = useTestimonials()
  return <TestimonialsView testimonials={data} isLoading={isLoading} />
}
