// Testimonials Management: two-column cards; Add opens a form card at the
// top, Edit turns a card into its form; only one form is open at a time.
import { Badge } from '@/components/ui/badge'
import { SampleBadge } from '@/features/site-texts/components/sample-badge'
import { Card } from '@/components/ui/card'
import { adminTexts } from '@/config/admin'
import { DeleteButton, EditButton } from '@/features/admin/components/row-actions'
import { ListManager, type ListRowProps } from '@/features/admin/editors/list-manager'
import { useListDrafts } from '@/features/history/use-list-drafts'
import { initialOf } from '@/lib/format'
import { useCreateTestimonial } from '../api/create-testimonial'
import { useDeleteTestimonial } from '../api/delete-testimonial'
import { useTestimonials } from '../api/get-testimonials'
import { useUpdateTestimonial } from '../api/update-testimonial'
import {
  buildTestimonialPayload,
  buildTestimonialUpdate,
  emptyTestimonialForm,
  testimonialFormValues,
  toRating,
} from '../testimonial-payload'
import type { Testimonial } from '../types'
import { StarRating } from './testimonials-section'
import { TestimonialForm } from './testimonial-form'

const t = adminTexts.testimonials

export function TestimonialsManager() {
  const query = useTestimonials()
  return (
    <ListManager
      texts={t}
      query={query}
      drafts={useListDrafts('testimonials', query, '/#testimonials')}
      table="testimonials"
      writes={{ create: useCreateTestimonial(), update: useUpdateTestimonial(), remove: useDeleteTestimonial() }}
      payloads={{ create: buildTestimonialPayload, update: buildTestimonialUpdate }}
      form={{ Component: TestimonialForm, empty: emptyTestimonialForm, of: testimonialFormValues }}
      Row={TestimonialAdminCard}
      reorder={{ name: (testimonial) => testimonial.name }}
      layout={{ kind: 'grid', className: 'grid gap-6 md:grid-cols-2', fullRow: 'md:col-span-2' }}
    />
  )
}

function TestimonialAdminCard({ item: testimonial, deleting, onEdit, onDelete }: ListRowProps<Testimonial>) {
  const rating = toRating(testimonial.rating)
  return (
    <Card data-testid="testimonial-admin-card" className="flex flex-col p-6">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary font-display text-lg font-semibold text-primary-foreground"
        >
          {initialOf(testimonial.name)}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold text-slate-950">{testimonial.name}</h3>
            {testimonial.featured && <Badge variant="accent">{adminTexts.featured}</Badge>}
            {testimonial.is_sample && <SampleBadge />}
          </div>
          {testimonial.role && <p className="text-sm text-slate-500">{testimonial.role}</p>}
        </div>
      </div>
      <div className="mt-4">
        <StarRating rating={rating} />
      </div>
      <blockquote className="mt-3 flex-1 text-slate-700">&ldquo;{testimonial.content}&rdquo;</blockquote>
      <p className="mt-3 text-sm text-slate-500">{t.stars(rating)}</p>
      <div className="mt-4 flex gap-2">
        <EditButton name={testimonial.name} onClick={onEdit} focusKey={testimonial.id} />
        <DeleteButton name={testimonial.name} onClick={onDelete} deleting={deleting} />
      </div>
    </Card>
  )
}
