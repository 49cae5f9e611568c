// The admin's "Media" section: every uploaded photo with its size and date, a search,
// uploading more, copying a photo's address, and deleting one, with a warning first
// when content still shows it.
import { Check, Copy, ImagePlus, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { PanelHeader } from '@/components/ui/panel-header'
import { PanelContent } from '@/components/ui/panel-state'
import { StatusMessage, type Status } from '@/components/ui/status-message'
import { guardTexts } from '@/config/admin-guard'
import { useAdminGuard } from '@/features/admin/guard/admin-guard'
import { deleteMediaFile, useMediaFiles, type MediaFile } from '../api/media-files'
import { acceptedFiles } from '../media-config'
import { displayName } from '../media-names'
import { useUploader } from '../use-uploader'
import { filesOf } from './image-picker'
import { MediaGrid, searchFiles } from './media-grid'
import { UploadStatus } from './upload-status'

/** The question asked before deleting: a stronger one when content still uses the file. */
export function deleteQuestion(file: Pick<MediaFile, 'name' | 'used_in'>): string {
  const name = displayName(file.name)
  if (file.used_in.length === 0) return `Are you sure you want to delete “${name}”?`
  return `“${name}” is still used by: ${file.used_in.join('; ')}. Deleting it leaves an empty picture there. Delete it anyway?`
}

export function MediaLibrary() {
  const { data, isLoading, error, refetch } = useMediaFiles()
  const guard = useAdminGuard()
  const [query, setQuery] = useState('')
  const [status, setStatus] = useState<Status | null>(null)
  const [copied, setCopied] = useState<string | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const uploader = useUploader({ folder: 'library', onUploaded: () => void refetch() })

  // Uploads made in other sections since the list was first read: read again once on
  // opening (refetch is a new function on every render).
  const reread = useRef(refetch)
  useEffect(() => {
    void reread.current()
  }, [])

  async function onDelete(file: MediaFile) {
    // Asked in the admin's own dialog, like every other deletion.
    const d = guardTexts.deleteDialog
    const confirmed = await guard.confirm({
      title: d.title,
      message: deleteQuestion(file),
      confirmLabel: d.confirm,
      cancelLabel: d.cancel,
      danger: true,
    })
    if (!confirmed) return
    setStatus(null)
    try {
      await deleteMediaFile(file.name)
      setStatus({ text: `Deleted ${displayName(file.name)}.`, tone: 'success' })
    } catch (failure) {
      console.error('Error deleting a photo:', failure)
      setStatus({ text: 'Error deleting the photo. Please try again.', tone: 'error' })
    }
    await refetch()
  }

  async function onCopy(address: string) {
    const absolute = new URL(address, window.location.origin).toString()
    try {
      await navigator.clipboard.writeText(absolute)
      setCopied(address)
    } catch {
      window.prompt('Copy this address:', absolute)
    }
  }

  const files = searchFiles(data ?? [], query)
  return (
    <section aria-labelledby="media-title" className="space-y-6">
      <PanelHeader
        title={<span id="media-title">Media</span>}
        subtitle="Photos uploaded for the site: use them in any image field, or delete those you no longer need"
        actions={
          <Button onClick={() => fileInput.current?.click()} disabled={uploader.busy}>
            <ImagePlus aria-hidden="true" />
            Upload photos
          </Button>
        }
      />
      <input
        ref={fileInput}
        type="file"
        multiple
        accept={acceptedFiles}
        tabIndex={-1}
        aria-label="Photo files for the media library"
        className="sr-only"
        onChange={(event) => {
          const chosen = [...(event.target.files ?? [])]
          event.target.value = ''
          void uploader.upload(chosen)
        }}
      />
      <Card
        className="space-y-4 p-4 sm:p-6"
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => {
          event.preventDefault()
          void uploader.upload(filesOf(event))
        }}
      >
        <Input
          type="search"
          aria-label="Search files"
          placeholder="Search files"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <UploadStatus tasks={uploader.tasks} errors={uploader.errors} />
        <StatusMessage status={status} />
        <PanelContent data={data} isLoading={isLoading} error={error} onRetry={refetch}>
          {data && data.length === 0 ? (
            <p className="py-8 text-center text-slate-600">No photos yet. Upload some, or drop them here.</p>
          ) : files.length === 0 ? (
            <p className="py-8 text-center text-slate-600">No file matches “{query}”.</p>
          ) : (
            <MediaGrid
              files={files}
              actions={(file, address) => (
                <>
                  <Button size="sm" variant="outline" onClick={() => void onCopy(address)} aria-label={`Copy the address of ${file.name}`}>
                    {copied === address ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                    {copied === address ? 'Copied' : 'Copy URL'}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => void onDelete(file)} aria-label={`Delete ${file.name}`}>
                    <Trash2 aria-hidden="true" />
                  </Button>
                </>
              )}
            />
          )}
        </PanelContent>
      </Card>
    </section>
  )
}
