// Uploads one photo into the site's bucket through storage-js (the client inside
// supabase.storage), signed in as the current editor, reporting progress; resolves to
// the address content stores: the public object path on this site's own origin
// ('/storage/v1/object/public/site-media/…'), or getPublicUrl's full URL when the API
// lives elsewhere (vite dev).
import { StorageClient } from '@supabase/storage-js'
import { supabase, supabaseConfig } from '@/lib/supabase'
import { checkImageFile, tooLargeMessage } from './file-validation'
import { parseStoredImage, publicObjectPath } from './image-urls'
import { mediaBucket, type MediaFolder } from './media-config'
import { mediaPath } from './media-names'
import { prepareImage } from './prepare-image'
import { progressFetch, type ProgressListener } from './progress-fetch'

export interface UploadRequest {
  file: File
  folder: MediaFolder
  /** What the photo shows (the project title), for camera-named files. */
  hint?: string
  onProgress?: ProgressListener
  onPreparing?: () => void
}

/** The Storage error's message, or a plain one for a network failure. */
function uploadMessage(error: { message?: string } | null, fileName: string): string {
  const text = error?.message ?? ''
  if (/maximum allowed size|too large|payload/i.test(text)) return `“${fileName}” is too large to upload.`
  if (/mime type|not supported/i.test(text)) return `“${fileName}” is not a photo the site can use.`
  if (/row-level security|unauthori[sz]ed|jwt/i.test(text)) return 'You are not allowed to upload. Sign in again and retry.'
  return `“${fileName}” could not be uploaded${text ? `: ${text}` : ''}. Please try again.`
}

export function storedAddress(path: string): string {
  const image = { bucket: mediaBucket, path }
  const api = new URL(supabaseConfig.url)
  if (typeof window !== 'undefined' && api.origin === window.location.origin && api.pathname.replace(/\/+$/, '') === '') {
    return publicObjectPath(image)
  }
  return supabase.storage.from(mediaBucket).getPublicUrl(path).data.publicUrl
}

/** The bucket name of an address this site stores, or null for anything else. */
export function storedName(address: string): string | null {
  const image = parseStoredImage(address, supabaseConfig.url)
  return image?.bucket === mediaBucket ? image.path : null
}

export async function uploadImage({ file, folder, hint, onProgress, onPreparing }: UploadRequest): Promise<string> {
  const check = checkImageFile(file)
  if (!check.ok) throw new Error(check.message)
  onPreparing?.()
  const prepared = await prepareImage(file, check.kind)
  const tooLarge = tooLargeMessage(file, prepared.blob.size, prepared.shrunk)
  if (tooLarge) throw new Error(tooLarge)
  const path = mediaPath({ folder, fileName: file.name, extension: prepared.extension, hint })
  const { data } = await supabase.auth.getSession()
  const token = data.session?.access_token
  if (!token) throw new Error('You are signed out. Sign in again to upload.')
  const storage = new StorageClient(
    `${supabaseConfig.url.replace(/\/+$/, '')}/storage/v1`,
    { apikey: supabaseConfig.anonKey, Authorization: `Bearer ${token}` },
    progressFetch((fraction) => onProgress?.(fraction)),
  )
  const { error } = await storage.from(mediaBucket).upload(path, prepared.blob, {
    contentType: prepared.type,
    // Every upload has a new name, so browsers and proxies may keep it for a year.
    cacheControl: '31536000',
    upsert: false,
  })
  if (error) throw new Error(uploadMessage(error, file.name))
  return storedAddress(path)
}
