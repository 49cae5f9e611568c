// The media library's reads and writes: every file of the bucket with where it is used
// (the site_media_files() function of the site's migrations), and deleting one.
import { supabase } from '@/lib/supabase'
import { useQuery } from '@/lib/use-query'
import { mediaBucket } from '../media-config'

export interface MediaFile {
  name: string
  size: number
  mimetype: string
  created_at: string
  /** What content uses it ('Hero background', 'Portfolio: Loft'); empty when unused. */
  used_in: string[]
}

export const mediaFilesKey = 'media:files'

export async function fetchMediaFiles(): Promise<MediaFile[]> {
  const { data, error } = await supabase.rpc('site_media_files')
  if (error) throw error
  return (data ?? []) as MediaFile[]
}

export function useMediaFiles() {
  return useQuery(mediaFilesKey, fetchMediaFiles)
}

export async function deleteMediaFile(name: string): Promise<void> {
  const { data, error } = await supabase.storage.from(mediaBucket).remove([name])
  if (error) throw error
  if (!data || data.length === 0) throw new Error(`“${name}” was not deleted: it is gone already, or you may not delete it.`)
}
