// Testimonials Management (spec §2, §4): two-column cards; Add opens a form card at the
// top, Edit turns a card into its form; only one form is open at a time.
import { useState } from 'react'
import { useListEditor } from '@/lib/use-list-editor'
import { AddAtTopButton, ReorderToggle } from '@/features/reorder/components/reorder-toggle'
import { ReorderList } from '@/features/reorder/components/reorder-list'
import { reorderTexts } from '@/features/reorder/texts'
import { useReorder } from '@/features/reorder/use-reorder'
import { newSortOrder } from '@/lib/reorder'
import { Plus } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { PanelHeader } from '@/components/ui/panel-header'
import { PanelContent } from '@/components/ui/panel-state'
import { StatusMessage } from '@/components/ui/status-message'
import { adminTexts } from '@/config/admin'
import { guardTexts } from '@/config/admin-guard'
import { DeleteButton, EditButton } from '@/features/admin/components/row-actions'
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
  type TestimonialFormValues,
} from '../testimonial-payload'
import type { Testimonial } from '../types'
import { StarRating } from './testimonials-section'
import { TestimonialForm } from './testimonial-form'

const t = adminTexts.testimonials

export function TestimonialsManager() {
  const { data, isLoading, error, refetch } = useTestimonials()
  const create = useCreateTestimonial()
  const update = useUpdateTestimonial()
  const remove = useDeleteTestimonial()
  const testimonials = data ?? []
  const [atTop, setAtTop] = useState(false)
  const reorder = useReorder('testimonials', refetch)
  const { mode, open, cancel, visible, saving, saveError, deleteError, onSave, onDelete } = useListEditor<
    Testimonial,
    TestimonialFormValues
  >({
    items: testimonials,
    refetch,
    create: (values) => create.mutate(buildTestimonialPayload(values, newSortOrder(testimonials, atTop))),
    update: (item, values) => update.mutate(item.id, buildTestimonialUpdate(values, item.sort_order)),
    remove: (item) => remove.mutate(item.id),
    texts: t,
    deletedText: guardTexts.deleted.testimonial,
    log: { save: 'Error saving testimonial:', delete: 'Error deleting testimonial:' },
  })

  const form = (heading: string, initial: TestimonialFormValues, key: string) => (
    <TestimonialForm
      key={key}
      heading={heading}
      initial={initial}
      saving={saving}
      error={saveError}
      onSave={onSave}
      onCancel={() => void cancel()}
    />
  )

  return (
    <section aria-labelledby="testimonials-editor-title" className="space-y-6">
      <PanelHeader
        title={<span id="testimonials-editor-title">{t.title}</span>}
        subtitle={t.subtitle}
        actions={
          <>
            <ReorderToggle
              reordering={reorder.reordering}
              onToggle={() => reorder.setReordering(!reorder.reordering)}
              disabled={testimonials.length < 2 || mode.kind !== 'list'}
            />
            {!reorder.reordering && (
              <>
                <AddAtTopButton
                  onClick={() => {
                    setAtTop(true)
                    open({ kind: 'add' })
                  }}
                  disabled={mode.kind === 'add'}
                />
                <Button
                  onClick={() => {
                    setAtTop(false)
                    open({ kind: 'add' })
                  }}
                  disabled={mode.kind === 'add'}
                  data-focus-key="add"
                >
                  <Plus aria-hidden="true" />
                  {t.add}
                </Button>
              </>
            )}
          </>
        }
      />
      {deleteError && <StatusMessage status={{ text: deleteError, tone: 'error' }} className="flex" />}
      {reorder.failed && <StatusMessage status={{ text: reorderTexts.failed, tone: 'error' }} className="flex" />}
      <PanelContent data={data} isLoading={isLoading} error={error} onRetry={refetch}>
        {reorder.reordering ? (
          <ReorderList items={testimonials} name={(i) => i.name} onSave={reorder.save} />
        ) : (
          <div className="grid gap-6 md:grid-cols-2">
            {mode.kind === 'add' && form(t.addTitle, emptyTestimonialForm, 'new')}
            {visible.map((testimonial) =>
              mode.kind === 'edit' && mode.item.id === testimonial.id ? (
                form(t.editTitle, testimonialFormValues(testimonial), testimonial.id)
              ) : (
                <TestimonialAdminCard
                  key={testimonial.id}
                  testimonial={testimonial}
                  deleting={remove.isPending}
                  onEdit={() => open({ kind: 'edit', item: testimonial })}
                  onDelete={() => void onDelete(testimonial)}
                />
              ),
            )}
            {visible.length === 0 && mode.kind !== 'add' && (
              <Card className="p-10 text-center text-slate-500 md:col-span-2">{t.empty}</Card>
            )}
          </div>
        )}
      </PanelContent>
    </section>
  )
}

interface TestimonialAdminCardProps {
  testimonial: Testimonial
  deleting: boolean
  onEdit: () => void
  onDelete: () => void
}

function TestimonialAdminCard({ testimonial, deleting, onEdit, onDelete }: TestimonialAdminCardProps) {
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
