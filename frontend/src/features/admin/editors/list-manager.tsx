//! One admin list section (services, portfolio items, testimonials), configured by its
//! feature: the header with Change Order and one Add (the new item's position is chosen
//! below its form); the delete and reorder errors; the rows, or the reorder mode; the add/edit form, either among the grid's cards
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
import { PositionChoice, ReorderToggle } from '@/features/reorder/components/reorder-toggle'
import { reorderTexts } from '@/features/reorder/texts'
import { useReorder } from '@/features/reorder/use-reorder'
import { cn } from '@/lib/cn'
import { newSortOrder } from '@/lib/reorder'
import type { GuardedDelete, GuardedSave } from '@/lib/table-writes'
import type { MutationResult } from '@/lib/use-mutation'
import type { QueryResult } from '@/lib/use-query'
import { hasChanges } from '../guard/form-changes'
import type { ListDrafts } from './drafts-slot'
import type { ListFormProps } from './list-form'
import { useListEditor } from './use-list-editor'

/** A list's row: its id, place, and version (what its writes are guarded on). */
type Item = { id: string; sort_order: number; updated_at?: string | null }

/** What a section's row (its card) is given. */
export interface ListRowProps<T> {
  item: T
  deleting: boolean
  onEdit: () => void
  onDelete: () => void
}

interface Mutation<A extends unknown[], R> {
  mutate: (...args: A) => Promise<MutationResult<R>>
  isPending: boolean
}

interface ListManagerProps<T extends Item, V, P, U> {
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
  /** The writes: an update and a delete are guarded on the version of the row given (lib/table-writes.ts). */
  writes: { create: Mutation<[P], T>; update: Mutation<[T, U], GuardedSave<T>>; remove: Mutation<[T], GuardedDelete> }
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

export function ListManager<T extends Item, V, P, U>(props: ListManagerProps<T, V, P, U>) {
  const { texts: t, query, writes, payloads, form, Row, layout, drafts } = props
  const titleId = useId()
  const { data, isLoading, error, refetch } = query
  const items = data ?? []
  const [atTop, setAtTop] = useState(false)
  const reorder = useReorder(props.table, refetch)
  const editor = useListEditor<T, V>({
    items,
    loaded: data !== undefined,
    refetch,
    create: (values) => writes.create.mutate(payloads.create(values, newSortOrder(items, atTop))),
    update: async (item, values) => {
      const result = await writes.update.mutate(item, payloads.update(values, item.sort_order))
      // The save published the item's draft: it is dropped (before the list is read again).
      if (result.success && result.data.kind === 'saved') await drafts?.saved(item.id)
      return result
    },
    remove: (item) => writes.remove.mutate(item),
    section: props.table,
    name: props.reorder.name,
    texts: t,
    deletedText: t.deleted,
    log: { save: t.logSave, delete: t.logDelete },
  })
  const { mode, open, cancel, visible, saving, saveError, deleteError, onSave, onDelete } = editor

  // The open item's draft published from the list's drafts: the item now holds the values
  // the form opened with under a new version, so the form is kept (with any changes typed
  // in it) and saves over that version. (A discarded draft leaves the item's version; the
  // form itself shows the item's values then when it holds no changes: list-form.tsx.)
  const openId = mode.kind === 'edit' ? mode.item.id : null
  const draftVersion = openId !== null && drafts ? drafts.versionOf(openId) : undefined
  const opening = mode.kind === 'edit' ? form.of(drafts ? drafts.of(mode.item) : mode.item) : null
  const [seenDraft, setSeenDraft] = useState({ id: openId, version: draftVersion, opening })
  if (seenDraft.id !== openId || seenDraft.version !== draftVersion) {
    setSeenDraft({ id: openId, version: draftVersion, opening })
    const current = items.find((item) => item.id === openId)
    if (
      mode.kind === 'edit' &&
      !saving &&
      seenDraft.id === openId &&
      seenDraft.version !== undefined &&
      draftVersion !== undefined &&
      current &&
      current.updated_at !== mode.item.updated_at &&
      seenDraft.opening !== null &&
      !hasChanges(seenDraft.opening, form.of(current))
    )
      editor.rebase(current)
  }

  const add = () => {
    setAtTop(false)
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
          <Button onClick={add} disabled={mode.kind === 'add'} data-focus-key="add">
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
      {reorder.changed && (
        <div
          role="alert"
          data-testid="order-changed"
          className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <p>{reorderTexts.changed}</p>
          <Button variant="outline" size="sm" onClick={() => void reorder.loadCurrent()}>
            {reorderTexts.loadCurrent}
          </Button>
        </div>
      )}
    </>
  )
  const reorderList = <ReorderList items={items} name={props.reorder.name} detail={props.reorder.detail} onSave={reorder.save} />
  const empty = (className?: string) => <Card className={cn('p-10 text-center text-slate-500', className)}>{t.empty}</Card>
  /** Keep as Draft: `item` is the row as the form opened it (its version goes with the draft); the form closes once it is stored. */
  const saveDraft = async (payload: P | U, item?: T) => {
    if (!drafts) return
    const result = await drafts.save(item?.id, payload, item ? (item.updated_at ?? null) : null)
    if (result.tone !== 'error') open({ kind: 'list' })
  }
  const formCard = (heading: string, initial: V, key: string, className?: string, item?: T) => (
    <Fragment key={key}>
      <form.Component
        key={`${key}:${editor.formVersion}`}
        heading={heading}
        initial={initial}
        saving={saving}
        error={saveError}
        onSave={(values) => void onSave(values)}
        onCancel={() => void cancel()}
        onSaveDraft={
          drafts &&
          ((values: V) =>
            void (item
              ? saveDraft(payloads.update(values, item.sort_order), item)
              : saveDraft(payloads.create(values, newSortOrder(items, atTop)))))
        }
        className={className}
        draft={editor.formDraft}
        conflict={editor.formConflict}
      />
      {!item && <PositionChoice atTop={atTop} onChange={setAtTop} className={className} />}
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
