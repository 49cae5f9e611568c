// "Download latest backup": a one-time token (rpc('backup_download_token'), good for five
// minutes) and the browser fetching /backup/v1/download/{token} as a download, straight to
// disk (a backup can be far larger than a page should hold in memory).
import { supabase, supabaseConfig } from '@/lib/supabase'
import { useMutation } from '@/lib/use-mutation'

/** The download's address, or null when no backup has worked yet. */
export async function getBackupDownloadUrl(): Promise<string | null> {
  const { data, error } = await supabase.rpc('backup_download_token')
  if (error) throw error
  if (!data) return null
  return `${supabaseConfig.url.replace(/\/+$/, '')}/backup/v1/download/${encodeURIComponent(String(data))}`
}

/**
 * Starts the download without leaving the admin: a link with `download` saves what it
 * gets, so even an expired link's answer never replaces the page.
 */
export function startDownload(url: string): void {
  const link = document.createElement('a')
  link.href = url
  link.download = ''
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
}

/** Resolves true once the download has started, false when there is nothing to download. */
async function downloadLatestBackup(): Promise<boolean> {
  const url = await getBackupDownloadUrl()
  if (!url) return false
  startDownload(url)
  return true
}

export function useDownloadLatestBackup() {
  return useMutation(downloadLatestBackup)
}
