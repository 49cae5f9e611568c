// The service form's values and the services payloads it saves: new
// services get icon Home, featured off and sort_order equal to the current count.
import { serviceIcons, type ServiceIcon } from '@/config/site'
import type { Service } from './types'

export interface ServiceFormValues {
  title: string
  description: string
  icon: ServiceIcon
  featured: boolean
}

export interface ServicePayload {
  title: string
  description: string
  icon: ServiceIcon
  featured: boolean
  sort_order: number
}

export type ServiceUpdatePayload = ServicePayload & { updated_at: string }

export const emptyServiceForm: ServiceFormValues = { title: '', description: '', icon: 'Home', featured: false }

/** A stored icon the editor does not offer (an older 'ArrowRight', say) is shown as Home, as the landing page draws it. */
export function toServiceIcon(icon: string | null | undefined): ServiceIcon {
  return (serviceIcons as readonly string[]).includes(icon ?? '') ? (icon as ServiceIcon) : 'Home'
}

export function serviceFormValues(service: Service): ServiceFormValues {
  return {
    title: service.title ?? '',
    description: service.description ?? '',
    icon: toServiceIcon(service.icon),
    featured: Boolean(service.featured),
  }
}

export function isServiceComplete(values: ServiceFormValues): boolean {
  return values.title.trim() !== '' && values.description.trim() !== ''
}

export function buildServicePayload(values: ServiceFormValues, sortOrder: number): ServicePayload {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    icon: toServiceIcon(values.icon),
    featured: values.featured,
    sort_order: sortOrder,
  }
}

export function buildServiceUpdate(values: ServiceFormValues, sortOrder: number, now: Date = new Date()): ServiceUpdatePayload {
  return { ...buildServicePayload(values, sortOrder), updated_at: now.toISOString() }
}
