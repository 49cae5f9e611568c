// The add/edit form of a portfolio item: title, the photos (uploaded or by
// address, reordered, the cover first, each with alt text), category, rich-text
// description and featured. It cannot be saved while a photo is still uploading.
import { Suspense } from 'react'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { LoadBoundary } from '@/components/ui/load-boundary'
import { Select } from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
import { adminTexts } from '@/config/admin'
import { ListForm, type ListFormProps } from '@/features/admin/editors/list-form'
import { useViewOnly } from '@/features/admin/guard/view-only'
import { GalleryEditor } from '@/features/media/components/gallery-editor'
import { useSiteTexts } from '@/features/site-texts/api/get-site-texts'
import { categoryOptions } from '@/features/site-texts/resolve'
import { lazyWithRetry } from '@/lib/lazy-with-retry'
import { editorHtmlToDescription } from '../editor-html'
import { isPortfolioComplete, type PortfolioFormValues } from '../portfolio-payload'

// Quill is the admin's largest dependency; it loads when a form first opens. When it
// cannot (offline), the form stays usable and offers Try again where the editor goes.
const RichTextEditor = lazyWithRetry(
  () => import('./rich-text-editor'),
  (module) => module.default,
)

const t = adminTexts.portfolio

export function PortfolioForm(props: ListFormProps<PortfolioFormValues>) {
  const viewOnly = useViewOnly()
  const { categories } = useSiteTexts()
  return (
    <ListForm
      {...props}
      testId="portfolio-form"
      isComplete={isPortfolioComplete}
      required="A title and at least one photo are required."
      featuredHint={t.featuredHint}
    >
      {({ id, values, set, setUploading }) => (
        <>
          <div className="grid gap-5 lg:grid-cols-2">
            <Field label={t.fields.title} required>
              {(control) => <Input {...control} value={values.title} onChange={(e) => set('title', e.target.value)} required />}
            </Field>
            <Field label={t.fields.category}>
              {(control) => (
                <Select {...control} value={values.category} onChange={(e) => set('category', e.target.value)}>
                  {categoryOptions(categories, values.category).map((category) => (
                    <option key={category.value} value={category.value}>
                      {category.label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <div>
            <p id={`${id}-images`} className="mb-1.5 block text-sm font-medium text-slate-800">
              {t.fields.photos}
              <span aria-hidden="true" className="ml-0.5 text-red-600">
                *
              </span>
            </p>
            <p id={`${id}-images-hint`} className="mb-2 text-xs text-slate-500">
              {t.photosHint}
            </p>
            <GalleryEditor
              photos={values.photos}
              onChange={(photos) => set('photos', photos)}
              title={values.title}
              labelledBy={`${id}-images`}
              describedBy={`${id}-images-hint`}
              onBusyChange={setUploading}
            />
          </div>
          <div>
            {/* A contenteditable cannot be a label's `for` target; a click on the label focuses it. */}
            <Label
              id={`${id}-description`}
              onClick={(event) => event.currentTarget.parentElement?.querySelector<HTMLElement>('.ql-editor')?.focus()}
            >
              {t.fields.description}
            </Label>
            <div className="rounded-xl border border-slate-300 focus-within:border-primary focus-within:ring-2 focus-within:ring-secondary/40">
              <LoadBoundary>
                <Suspense fallback={<Skeleton className="h-[164px] rounded-xl" />}>
                  <RichTextEditor
                    defaultValue={props.initial.description}
                    onChange={(html) => set('description', editorHtmlToDescription(html))}
                    labelledBy={`${id}-description`}
                    readOnly={viewOnly}
                  />
                </Suspense>
              </LoadBoundary>
            </div>
          </div>
        </>
      )}
    </ListForm>
  )
}
