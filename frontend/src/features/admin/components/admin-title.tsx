//! Names the admin's browser tab "Admin – {site title}". Renders nothing.
import { useEffect } from 'react'
import { guardTexts } from '@/config/admin-guard'
import { useSiteSettings } from '@/features/site/api/get-site-settings'
import { resolveSiteIdentity } from '@/features/site/site-identity'

export function AdminTitle() {
  const { data, isLoading } = useSiteSettings()
  useEffect(() => {
    if (isLoading) return
    document.title = guardTexts.adminTitle(resolveSiteIdentity(data).title)
  }, [data, isLoading])
  return null
}
