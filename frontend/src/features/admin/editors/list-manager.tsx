//! One admin list section (services, portfolio items, testimonials), configured by its
//! feature: the header with Change Order, Add at Top and Add; the delete and reorder
//! errors; the rows, or the reorder mode; the add/edit form, either among the grid's cards
//! (add first, edit in its row's place) or alone in the list's place; and the empty card.
//! Which form is open, saving, deleting with undo and focus are useListEditor's.
import { Plus } from 'lucide-react'
import { Fragment, useId, useState, type ComponentType, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { PanelHeader } from '@/components/ui/panel-header'
import { PanelContent } from '@/components/ui/panel-state'
import { StatusMessage } from '@/components/ui/status-message'
import type { OrderedList } from '@/features/reorder/api/save-order'
import { ReorderList } from '@/features/reorder/components/reorder-list'
import { AddAtTopButton, ReorderToggle } from '@/features/reorder/components/reorder-toggle'
import { reorderTexts } from '@/features/reorder/texts'
import { useReorder } from '@/features/reorder/use-reorder'
import { cn } from '@/lib/cn'
import { newSortOrder } from '@/lib/reorder'
import type { MutationResult } from '@/lib/use-mutation'
import type { QueryResult } from '@/lib/use-query'
import type { ListDrafts } from './drafts-slot'
import type { ListFormProps } from './list-form'
import { useListEditor } from './use-list-editor'

/** What a section's row (its card) is given. */
export interface ListRowProps<T> {
  item: T
  deleting: boolean
  onEdit: () => void
  onDelete: () => void
}

interface Mutation<A extends unknown[]> {
  mutate: (...args: A) => Promise<MutationResult<unknown>>
  isPending: boolean
}

interface ListManagerProps<T extends { id: string; sort_order: number }, V, P, U> {
  /** The section's copy (config/admin.ts). */
  texts: {
    title: string
    subtitle: string
    add: string
    addTitle: string
    editTitle: string
    /** The card shown when there are no rows. */
    empty: string
    confirmDelete: string
    /** The undo toast's text, e.g. 'Service deleted.' */
    deleted: string
    saveFailed: string
    deleteFailed: string
    /** Console prefixes of the failures the spec only logs. */
    logSave: string
    logDelete: string
  }
  /** The rows, in the owner's order. */
  query: QueryResult<T[]>
  /** The table whose order the reorder mode saves. */
  table: OrderedList
  writes: { create: Mutation<[P]>; update: Mutation<[string, U]>; remove: Mutation<[string]> }
  /** The payloads written: a new row gets `sortOrder`, a changed one keeps its own. */
  payloads: { create: (values: V, sortOrder: number) => P; update: (values: V, sortOrder: number) => U }
  /** The add/edit form, the values it opens with to add, and those of a row to edit. */
  form: { Component: ComponentType<ListFormProps<V>>; empty: V; of: (item: T) => V }
  Row: ComponentType<ListRowProps<T>>
  /** A row's name in the reorder mode, and what is shown beside it (a thumbnail). */
  reorder: { name: (item: T) => string; detail?: (item: T) => ReactNode }
  /**
   * 'grid': the rows are cards of the `className` grid; the forms are cards too, spanning
   * the row (`fullRow`). 'alone': the rows are a `className` list, and an open form takes
   * the list's place (and the header's buttons') until it is saved or cancelled.
   */
  layout: { kind: 'grid'; className: string; fullRow: string } | { kind: 'alone'; className: string }
  /** Drafts, history and recently deleted items (features/history), when the list offers them. */
  drafts?: ListDrafts<T, P | U>
}

export function ListManager<T extends { id: string; sort_order: number }, V, P, U>(props: ListManagerProps<T, V, P, U>) {
  const { texts: t, query, writes, payloads, form, Row, layout, drafts } = props
  const titleId = useId()
  const { data, isLoading, error, refetch } = query
  const items = data ?? []
  const [atTop, setAtTop] = useState(false)
  const reorder = useReorder(props.table, refetch)
  const { mode, open, cancel, visible, saving, saveError, deleteError, onSave, onDelete } = useListEditor<T, V>({
    items,
    refetch,
    create: (values) => writes.create.mutate(payloads.create(values, newSortOrder(items, atTop))),
    update: async (item, values) => {
      const result = await writes.update.mutate(item.id, payloads.update(values, item.sort_order))
      if (result.success) await drafts?.saved(item.id)
      return result
    },
    remove: (item) => writes.remove.mutate(item.id),
    texts: t,
    deletedText: t.deleted,
    log: { save: t.logSave, delete: t.logDelete },
  })

  const add = (top: boolean) => {
    setAtTop(top)
    open({ kind: 'add' })
  }
  const actions = (
    <>
      {drafts?.actions}
      <ReorderToggle
        reordering={reorder.reordering}
        onToggle={() => reorder.setReordering(!reorder.reordering)}
        disabled={items.length < 2 || mode.kind !== 'list'}
      />
      {!reorder.reordering && (
        <>
          <AddAtTopButton onClick={() => add(true)} disabled={mode.kind === 'add'} />
          <Button onClick={() => add(false)} disabled={mode.kind === 'add'} data-focus-key="add">
            <Plus aria-hidden="true" />
            {t.add}
          </Button>
        </>
      )}
    </>
  )
  const messages = (
    <>
      {deleteError && <StatusMessage status={{ text: deleteError, tone: 'error' }} className="flex" />}
      {reorder.failed && <StatusMessage status={{ text: reorderTexts.failed, tone: 'error' }} className="flex" />}
    </>
  )
  const reorderList = <ReorderList items={items} name={props.reorder.name} detail={props.reorder.detail} onSave={reorder.save} />
  const empty = (className?: string) => <Card className={cn('p-10 text-center text-slate-500', className)}>{t.empty}</Card>
  const saveDraft = async (payload: P | U, id?: string) => {
    if (!drafts) return
    const result = await drafts.save(id, payload)
    if (result.tone !== 'error') open({ kind: 'list' })
  }
  const formCard = (heading: string, initial: V, key: string, className?: string, item?: T) => (
    <Fragment key={key}>
      <form.Component
        heading={heading}
        initial={initial}
        saving={saving}
        error={saveError}
        onSave={onSave}
        onCancel={() => void cancel()}
        onSaveDraft={
          drafts &&
          ((values: V) =>
            void (item
              ? saveDraft(payloads.update(values, item.sort_order), item.id)
              : saveDraft(payloads.create(values, newSortOrder(items, atTop)))))
        }
        className={className}
      />
      {item && drafts && <div className={className}>{drafts.itemPanel(item, () => open({ kind: 'list' }))}</div>}
    </Fragment>
  )
  const row = (item: T) => (
    <Row item={item} deleting={writes.remove.isPending} onEdit={() => open({ kind: 'edit', item })} onDelete={() => void onDelete(item)} />
  )

  let body: ReactNode
  if (layout.kind === 'grid') {
    body = (
      <>
        {messages}
        <PanelContent data={data} isLoading={isLoading} error={error} onRetry={refetch}>
          {reorder.reordering ? (
            reorderList
          ) : (
            <div className={layout.className}>
              {mode.kind === 'add' && formCard(t.addTitle, form.empty, 'new', layout.fullRow)}
              {visible.map((item) =>
                mode.kind === 'edit' && mode.item.id === item.id ? (
                  formCard(t.editTitle, form.of(drafts ? drafts.of(item) : item), item.id, layout.fullRow, item)
                ) : (
                  <Fragment key={item.id}>{row(item)}</Fragment>
                ),
              )}
              {visible.length === 0 && mode.kind !== 'add' && empty(layout.fullRow)}
            </div>
          )}
        </PanelContent>
      </>
    )
  } else if (mode.kind === 'list') {
    body = (
      <PanelContent data={data} isLoading={isLoading} error={error} onRetry={refetch}>
        {messages}
        {reorder.reordering ? (
          reorderList
        ) : visible.length === 0 ? (
          empty()
        ) : (
          <ul className={layout.className}>
            {visible.map((item) => (
              <li key={item.id}>{row(item)}</li>
            ))}
          </ul>
        )}
      </PanelContent>
    )
  } else {
    body =
      mode.kind === 'edit'
        ? formCard(t.editTitle, form.of(drafts ? drafts.of(mode.item) : mode.item), mode.item.id, undefined, mode.item)
        : formCard(t.addTitle, form.empty, 'new')
  }

  return (
    <section aria-labelledby={titleId} className="space-y-6">
      <PanelHeader
        title={<span id={titleId}>{t.title}</span>}
        subtitle={t.subtitle}
        actions={(layout.kind === 'grid' || mode.kind === 'list') && actions}
      />
      {drafts?.panel}
      {body}
    </section>
  )
}
