// Admin editor of the service cards: the list, or one add/edit form in its
// place; Save or Cancel returns to the list; delete after a confirmation.
import { Badge } from '@/components/ui/badge'
import { Card } from '@/components/ui/card'
import { adminTexts } from '@/config/admin'
import { DeleteButton, EditButton } from '@/features/admin/components/row-actions'
import { ListManager, type ListRowProps } from '@/features/admin/editors/list-manager'
import { useListDrafts } from '@/features/history/use-list-drafts'
import { useCreateService } from '../api/create-service'
import { useDeleteService } from '../api/delete-service'
import { useServices } from '../api/get-services'
import { useUpdateService } from '../api/update-service'
import { buildServicePayload, buildServiceUpdate, emptyServiceForm, serviceFormValues } from '../service-payload'
import type { Service } from '../types'
import { ServiceForm } from './service-form'
import { ServiceIcon } from './service-icon'

const t = adminTexts.services

export function ServicesEditor() {
  const query = useServices()
  return (
    <ListManager
      texts={t}
      query={query}
      drafts={useListDrafts('services', query, '/#services')}
      table="services"
      writes={{ create: useCreateService(), update: useUpdateService(), remove: useDeleteService() }}
      payloads={{ create: buildServicePayload, update: buildServiceUpdate }}
      form={{ Component: ServiceForm, empty: emptyServiceForm, of: serviceFormValues }}
      Row={ServiceRow}
      reorder={{ name: (service) => service.title }}
      layout={{ kind: 'alone', className: 'grid gap-4 md:grid-cols-2' }}
    />
  )
}

function ServiceRow({ item: service, deleting, onEdit, onDelete }: ListRowProps<Service>) {
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
