// Portfolio Management (spec §2, §4): the items as cards in 1, 2 or 3 columns; the add
// form is the first card, the edit form takes its item's place; one form at a time.
import { useListEditor } from '@/lib/use-list-editor'
import { AddAtTopButton, ReorderToggle } from '@/features/reorder/components/reorder-toggle'
import { ReorderList } from '@/features/reorder/components/reorder-list'
import { reorderTexts } from '@/features/reorder/texts'
import { useReorder } from '@/features/reorder/use-reorder'
import { newSortOrder } from '@/lib/reorder'
import { Images, Plus } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { PanelHeader } from '@/components/ui/panel-header'
import { PanelContent } from '@/components/ui/panel-state'
import { StatusMessage } from '@/components/ui/status-message'
import { adminTexts } from '@/config/admin'
import { guardTexts } from '@/config/admin-guard'
import { DeleteButton, EditButton } from '@/features/admin/components/row-actions'
import { texts } from '@/config/site'
import { formatCategoryLabel, htmlToPlainText } from '@/lib/format'
import { useCreatePortfolioItem } from '../api/create-portfolio-item'
import { useDeletePortfolioItem } from '../api/delete-portfolio-item'
import { usePortfolioItems } from '../api/get-portfolio-items'
import { useUpdatePortfolioItem } from '../api/update-portfolio-item'
import {
  buildPortfolioPayload,
  buildPortfolioUpdate,
  emptyPortfolioForm,
  portfolioFormValues,
  type PortfolioFormValues,
} from '../portfolio-payload'
import type { PortfolioItem } from '../types'
import { PortfolioForm } from './portfolio-form'

const t = adminTexts.portfolio

export function PortfolioManager() {
  const { data, isLoading, error, refetch } = usePortfolioItems()
  const create = useCreatePortfolioItem()
  const update = useUpdatePortfolioItem()
  const remove = useDeletePortfolioItem()
  const items = data ?? []
  const [atTop, setAtTop] = useState(false)
  const reorder = useReorder('portfolio_items', refetch)
  const { mode, open, cancel, visible, saving, saveError, deleteError, onSave, onDelete } = useListEditor<
    PortfolioItem,
    PortfolioFormValues
  >({
    items,
    refetch,
    create: (values) => create.mutate(buildPortfolioPayload(values, newSortOrder(items, atTop))),
    update: (item, values) => update.mutate(item.id, buildPortfolioUpdate(values, item.sort_order)),
    remove: (item) => remove.mutate(item.id),
    texts: t,
    deletedText: guardTexts.deleted.portfolio,
    log: { save: t.logSave, delete: t.logDelete },
  })

  const form = (heading: string, initial: PortfolioFormValues, key: string) => (
    <PortfolioForm
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
    <section aria-labelledby="portfolio-editor-title" className="space-y-6">
      <PanelHeader
        title={<span id="portfolio-editor-title">{t.title}</span>}
        subtitle={t.subtitle}
        actions={
          <>
            <ReorderToggle
              reordering={reorder.reordering}
              onToggle={() => reorder.setReordering(!reorder.reordering)}
              disabled={items.length < 2 || mode.kind !== 'list'}
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
          <ReorderList
            items={items}
            name={(i) => i.title}
            detail={(i) => <img src={i.image_url} alt="" width={48} height={36} className="h-9 w-12 shrink-0 rounded object-cover" />}
            onSave={reorder.save}
          />
        ) : (
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {mode.kind === 'add' && form(t.addTitle, emptyPortfolioForm, 'new')}
            {visible.map((item) =>
              mode.kind === 'edit' && mode.item.id === item.id ? (
                form(t.editTitle, portfolioFormValues(item), item.id)
              ) : (
                <PortfolioAdminCard
                  key={item.id}
                  item={item}
                  deleting={remove.isPending}
                  onEdit={() => open({ kind: 'edit', item })}
                  onDelete={() => void onDelete(item)}
                />
              ),
            )}
            {visible.length === 0 && mode.kind !== 'add' && (
              <Card className="p-10 text-center text-slate-500 md:col-span-2 lg:col-span-3">{texts.noPortfolioItems}</Card>
            )}
          </div>
        )}
      </PanelContent>
    </section>
  )
}

interface PortfolioAdminCardProps {
  item: PortfolioItem
  deleting: boolean
  onEdit: () => void
  onDelete: () => void
}

function PortfolioAdminCard({ item, deleting, onEdit, onDelete }: PortfolioAdminCardProps) {
  // The card shows the description's text only: no stored HTML is rendered here.
  const summary = useMemo(() => htmlToPlainText(item.description), [item.description])
  const imageCount = item.images?.length ?? 0
  return (
    <Card data-testid="portfolio-admin-card" className="flex flex-col overflow-hidden">
      <div className="relative aspect-[4/3] bg-slate-100">
        <img src={item.image_url} alt="" width={800} height={600} loading="lazy" className="size-full object-cover" />
        {imageCount > 1 && (
          <Badge variant="dark" className="absolute top-3 right-3">
            <Images aria-hidden="true" />
            {t.images(imageCount)}
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{formatCategoryLabel(item.category)}</Badge>
          {item.featured && <Badge variant="accent">{adminTexts.featured}</Badge>}
        </div>
        <h3 className="mt-3 font-semibold text-slate-950">{item.title}</h3>
        {summary && <p className="mt-1 line-clamp-2 text-sm text-slate-600">{summary}</p>}
        <div className="mt-auto flex gap-2 pt-4">
          <EditButton name={item.title} onClick={onEdit} focusKey={item.id} />
          <DeleteButton name={item.title} onClick={onDelete} deleting={deleting} />
        </div>
      </div>
    </Card>
  )
}
