// Admin editor of the service cards (spec §2, §4): the list, or one add/edit form in its
// place; Save or Cancel returns to the list; delete after a confirmation.
import { Pencil, Plus, Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { PanelHeader } from '@/components/ui/panel-header'
import { PanelError, PanelLoading } from '@/components/ui/panel-state'
import { StatusMessage } from '@/components/ui/status-message'
import { adminTexts } from '@/config/admin'
import { useCreateService } from '../api/create-service'
import { useDeleteService } from '../api/delete-service'
import { useServices } from '../api/get-services'
import { useUpdateService } from '../api/update-service'
import { buildServicePayload, buildServiceUpdate, emptyServiceForm, serviceFormValues, type ServiceFormValues } from '../service-payload'
import type { Service } from '../types'
import { ServiceForm } from './service-form'
import { ServiceIcon } from './service-icon'

const t = adminTexts.services

type Mode = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; service: Service }

export function ServicesEditor() {
  const { data, isLoading, error, refetch } = useServices()
  const create = useCreateService()
  const update = useUpdateService()
  const remove = useDeleteService()
  const [mode, setMode] = useState<Mode>({ kind: 'list' })
  const [saveError, setSaveError] = useState<string | null>(null)
  // Covers the write and the read after it, so a second click cannot add the item twice.
  const [saving, setSaving] = useState(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const services = data ?? []

  useEffect(() => {
    void refetch()
  }, [refetch])

  function open(next: Mode) {
    setSaveError(null)
    setDeleteError(null)
    setMode(next)
  }

  async function onSave(values: ServiceFormValues) {
    setSaving(true)
    try {
      setSaveError(null)
      const result =
        mode.kind === 'edit'
          ? await update.mutate(mode.service.id, buildServiceUpdate(values, mode.service.sort_order))
          : await create.mutate(buildServicePayload(values, services.length))
      if (!result.success) {
        console.error('Error saving service:', result.error)
        setSaveError(t.saveFailed)
        return
      }
      // Read the list again before closing the form, so the card shows the saved values at once.
      await refetch()
      setMode({ kind: 'list' })
    } finally {
      setSaving(false)
    }
  }

  async function onDelete(service: Service) {
    setDeleteError(null)
    if (!window.confirm(t.confirmDelete)) return
    const result = await remove.mutate(service.id)
    if (!result.success) {
      console.error('Error deleting service:', result.error)
      setDeleteError(t.deleteFailed)
    }
    await refetch()
  }

  const listing = mode.kind === 'list'
  return (
    <section aria-labelledby="services-editor-title" className="space-y-6">
      <PanelHeader
        title={<span id="services-editor-title">{t.title}</span>}
        subtitle={t.subtitle}
        actions={
          listing && (
            <Button onClick={() => open({ kind: 'add' })}>
              <Plus aria-hidden="true" />
              {t.add}
            </Button>
          )
        }
      />
      {!listing ? (
        <ServiceForm
          key={mode.kind === 'edit' ? mode.service.id : 'new'}
          heading={mode.kind === 'edit' ? t.editTitle : t.addTitle}
          initial={mode.kind === 'edit' ? serviceFormValues(mode.service) : emptyServiceForm}
          saving={saving}
          error={saveError}
          onSave={onSave}
          onCancel={() => open({ kind: 'list' })}
        />
      ) : data === undefined && isLoading ? (
        <PanelLoading />
      ) : data === undefined && error ? (
        <PanelError error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          {deleteError && <StatusMessage status={{ text: deleteError, tone: 'error' }} className="flex" />}
          {services.length === 0 ? (
            <Card className="p-10 text-center text-slate-500">{t.empty}</Card>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2">
              {services.map((service) => (
                <li key={service.id}>
                  <ServiceRow
                    service={service}
                    deleting={remove.isPending}
                    onEdit={() => open({ kind: 'edit', service })}
                    onDelete={() => void onDelete(service)}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
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
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`${adminTexts.edit} ${service.title}`}>
            <Pencil aria-hidden="true" />
            {adminTexts.edit}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
            onClick={onDelete}
            disabled={deleting}
            aria-label={`${adminTexts.delete} ${service.title}`}
          >
            <Trash2 aria-hidden="true" />
            {adminTexts.delete}
          </Button>
        </div>
      </div>
    </Card>
  )
}
