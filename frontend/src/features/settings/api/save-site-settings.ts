// Saves the site settings: PATCH site_settings by id only if it is still the version loaded (a conflict otherwise), or insert the row when there is none yet.
import type { SiteSettings } from '@/features/site/types'
import { saveSingleRow, type GuardedSave } from '@/lib/table-writes'
import { useMutation } from '@/lib/use-mutation'
import type { SiteSettingsPayload } from '../settings-payload'

export function saveSiteSettings(loaded: SiteSettings | null, payload: SiteSettingsPayload): Promise<GuardedSave<SiteSettings>> {
  return saveSingleRow<SiteSettings>('site_settings', loaded, payload)
}

export function useSaveSiteSettings() {
  return useMutation(saveSiteSettings)
}
