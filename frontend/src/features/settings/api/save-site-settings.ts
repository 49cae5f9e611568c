// Saves the site settings: PATCH site_settings by id, or insert the row when there is none yet.
import type { SiteSettings } from '@/features/site/types'
import { saveSingleRow } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'
import type { SiteSettingsPayload } from '../settings-payload'

export function saveSiteSettings(id: string | null | undefined, payload: SiteSettingsPayload): Promise<SiteSettings> {
  return saveSingleRow<SiteSettings>('site_settings', id, payload)
}

export function useSaveSiteSettings() {
  return useMutation(saveSiteSettings)
}
