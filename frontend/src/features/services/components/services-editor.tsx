// Admin editor of the service cards (spec §2, §4): the list, or one add/edit form in its
// place; Save or Cancel returns to the list; delete after a confirmation.
import { useListEditor } from '@/lib/use-list-editor'
import { useState } from 'react'
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
import { useCreateService } from '../api/create-service'
import { useDeleteService } from '../api/delete-service'
import { useServices } from '../api/get-services'
import { useUpdateService } from '../api/update-service'
import { buildServicePayload, buildServiceUpdate, emptyServiceForm, serviceFormValues, type ServiceFormValues } from '../service-payload'
import type { Service } from '../types'
import { ServiceForm } from './service-form'
import { ServiceIcon } from './service-icon'

const t = adminTexts.services

export function ServicesEditor() {
  const { data, isLoading, error, refetch } = useServices()
  const create = useCreateService()
  const update = useUpdateService()
  const remove = useDeleteService()
  const services = data ?? []
  const [atTop, setAtTop] = useState(false)
  const reorder = useReorder('services', refetch)
  const { mode, open, cancel, visible, saving, saveError, deleteError, onSave, onDelete } = useListEditor<Service, ServiceFormValues>({
    items: services,
    refetch,
    create: (values) => create.mutate(buildServicePayload(values, newSortOrder(services, atTop))),
    update: (item, values) => update.mutate(item.id, buildServiceUpdate(values, item.sort_order)),
    remove: (item) => remove.mutate(item.id),
    texts: t,
    deletedText: guardTexts.deleted.service,
    log: { save: 'Error saving service:', delete: 'Error deleting service:' },
  })

  const listing = mode.kind === 'list'
  return (
    <section aria-labelledby="services-editor-title" className="space-y-6">
      <PanelHeader
        title={<span id="services-editor-title">{t.title}</span>}
        subtitle={t.subtitle}
        actions={
          listing && (
            <>
              <ReorderToggle
                reordering={reorder.reordering}
                onToggle={() => reorder.setReordering(!reorder.reordering)}
                disabled={services.length < 2}
              />
              {!reorder.reordering && (
                <>
                  <AddAtTopButton
                    onClick={() => {
                      setAtTop(true)
                      open({ kind: 'add' })
                    }}
                  />
                  <Button
                    onClick={() => {
                      setAtTop(false)
                      open({ kind: 'add' })
                    }}
                    data-focus-key="add"
                  >
                    <Plus aria-hidden="true" />
                    {t.add}
                  </Button>
                </>
              )}
            </>
          )
        }
      />
      {!listing ? (
        <ServiceForm
          key={mode.kind === 'edit' ? mode.item.id : 'new'}
          heading={mode.kind === 'edit' ? t.editTitle : t.addTitle}
          initial={mode.kind === 'edit' ? serviceFormValues(mode.item) : emptyServiceForm}
          saving={saving}
          error={saveError}
          onSave={onSave}
          onCancel={() => void cancel()}
        />
      ) : (
        <PanelContent data={data} isLoading={isLoading} error={error} onRetry={refetch}>
          {deleteError && <StatusMessage status={{ text: deleteError, tone: 'error' }} className="flex" />}
          {reorder.failed && <StatusMessage status={{ text: reorderTexts.failed, tone: 'error' }} className="flex" />}
          {reorder.reordering ? (
            <ReorderList items={services} name={(s) => s.title} onSave={reorder.save} />
          ) : visible.length === 0 ? (
            <Card className="p-10 text-center text-slate-500">{t.empty}</Card>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2">
              {visible.map((service) => (
                <li key={service.id}>
                  <ServiceRow
                    service={service}
                    deleting={remove.isPending}
                    onEdit={() => open({ kind: 'edit', item: service })}
                    onDelete={() => void onDelete(service)}
                  />
                </li>
              ))}
            </ul>
          )}
        </PanelContent>
      )}
    </section>
  )
}

interface ServiceRowProps {
  service: Service
  deleting: boolean
  onEdit: () => void
  onDelete: () => void
}

function ServiceRow({ service, deleting, onEdit, onDelete }: ServiceRowProps) {
  return (
    <Card data-testid="service-item" className="flex h-full gap-4 p-5">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-secondary/15 text-secondary-ink">
        <ServiceIcon name={service.icon} className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-slate-950">{service.title}</h3>
          {service.featured && <Badge variant="accent">{adminTexts.featured}</Badge>}
        </div>
        <p className="mt-1 line-clamp-3 text-sm text-slate-600">{service.description}</p>
        <div className="mt-3 flex gap-2">
          <EditButton name={service.title} onClick={onEdit} focusKey={service.id} />
          <DeleteButton name={service.title} onClick={onDelete} deleting={deleting} />
        </div>
      </div>
    </Card>
  )
}
