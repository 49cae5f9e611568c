// Testimonials Management (spec §2, §4): two-column cards; Add opens a form card at the
// top, Edit turns a card into its form; only one form is open at a time.
import { Pencil, Plus, Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { PanelHeader } from '@/components/ui/panel-header'
import { PanelError, PanelLoading } from '@/components/ui/panel-state'
import { StatusMessage } from '@/components/ui/status-message'
import { adminTexts } from '@/config/admin'
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

type Mode = { kind: 'idle' } | { kind: 'add' } | { kind: 'edit'; testimonial: Testimonial }

export function TestimonialsManager() {
  const { data, isLoading, error, refetch } = useTestimonials()
  const create = useCreateTestimonial()
  const update = useUpdateTestimonial()
  const remove = useDeleteTestimonial()
  const [mode, setMode] = useState<Mode>({ kind: 'idle' })
  const [saveError, setSaveError] = useState<string | null>(null)
  // Covers the write and the read after it, so a second click cannot add the item twice.
  const [saving, setSaving] = useState(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const testimonials = data ?? []

  useEffect(() => {
    void refetch()
  }, [refetch])

  function open(next: Mode) {
    setSaveError(null)
    setDeleteError(null)
    setMode(next)
  }

  async function onSave(values: TestimonialFormValues) {
    setSaving(true)
    try {
      setSaveError(null)
      const result =
        mode.kind === 'edit'
          ? await update.mutate(mode.testimonial.id, buildTestimonialUpdate(values, mode.testimonial.sort_order))
          : await create.mutate(buildTestimonialPayload(values, testimonials.length))
      if (!result.success) {
        console.error('Error saving testimonial:', result.error)
        setSaveError(t.saveFailed)
        return
      }
      // Read the list again before closing the form, so the card shows the saved values at once.
      await refetch()
      setMode({ kind: 'idle' })
    } finally {
      setSaving(false)
    }
  }

  async function onDelete(testimonial: Testimonial) {
    setDeleteError(null)
    if (!window.confirm(t.confirmDelete)) return
    const result = await remove.mutate(testimonial.id)
    if (!result.success) {
      console.error('Error deleting testimonial:', result.error)
      setDeleteError(t.deleteFailed)
    }
    await refetch()
  }

  const form = (heading: string, initial: TestimonialFormValues, key: string) => (
    <TestimonialForm
      key={key}
      heading={heading}
      initial={initial}
      saving={saving}
      error={saveError}
      onSave={onSave}
      onCancel={() => open({ kind: 'idle' })}
    />
  )

  return (
    <section aria-labelledby="testimonials-editor-title" className="space-y-6">
      <PanelHeader
        title={<span id="testimonials-editor-title">{t.title}</span>}
        subtitle={t.subtitle}
        actions={
          <Button onClick={() => open({ kind: 'add' })} disabled={mode.kind === 'add'}>
            <Plus aria-hidden="true" />
            {t.add}
          </Button>
        }
      />
      {deleteError && <StatusMessage status={{ text: deleteError, tone: 'error' }} className="flex" />}
      {data === undefined && isLoading ? (
        <PanelLoading />
      ) : data === undefined && error ? (
        <PanelError error={error} onRetry={() => void refetch()} />
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          {mode.kind === 'add' && form(t.addTitle, emptyTestimonialForm, 'new')}
          {testimonials.map((testimonial) =>
            mode.kind === 'edit' && mode.testimonial.id === testimonial.id ? (
              form(t.editTitle, testimonialFormValues(testimonial), testimonial.id)
            ) : (
              <TestimonialAdminCard
                key={testimonial.id}
                testimonial={testimonial}
                deleting={remove.isPending}
                onEdit={() => open({ kind: 'edit', testimonial })}
                onDelete={() => void onDelete(testimonial)}
              />
            ),
          )}
          {testimonials.length === 0 && mode.kind !== 'add' && (
            <Card className="p-10 text-center text-slate-500 md:col-span-2">{t.empty}</Card>
          )}
        </div>
      )}
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
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`${adminTexts.edit} ${testimonial.name}`}>
          <Pencil aria-hidden="true" />
          {adminTexts.edit}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          onClick={onDelete}
          disabled={deleting}
          aria-label={`${adminTexts.delete} ${testimonial.name}`}
        >
          <Trash2 aria-hidden="true" />
          {adminTexts.delete}
        </Button>
      </div>
    </Card>
  )
}
