// An image field of the admin: drop a photo, choose one from the device (on a phone the
// chooser offers the camera roll and the camera), paste an address (for photos hosted
// elsewhere) or pick one from the media library. Shows the upload's progress, a
// preview, replace and remove, and why a file or an address will not do.
import { ImagePlus, Library, Trash2, TriangleAlert } from 'lucide-react'
import { useRef, useState, type DragEvent } from 'react'
import { Button } from '@/components/ui/button'
import { UrlInput } from '@/components/ui/url-input'
import { cn } from '@/lib/cn'
import { adminThumbLayout } from '../layouts'
import { acceptedFiles, type MediaFolder } from '../media-config'
import { brokenImageWarning, useImageCheck } from '../use-image-check'
import { useUploader } from '../use-uploader'
import { LibraryDialog } from './library-dialog'
import { SiteImage } from './site-image'
import { UploadStatus } from './upload-status'

interface ImagePickerProps {
  /** The address field's id and hint, from the Field around the picker. */
  id: string
  'aria-describedby'?: string
  /** Names the buttons: 'Upload background image'. */
  name: string
  value: string
  onChange: (address: string) => void
  folder: MediaFolder
  /** What the photo shows (for the stored file's name). */
  hint?: string
  required?: boolean
  maxLength?: number
  inputName?: string
  onBusyChange?: (busy: boolean) => void
  /** Shape of the preview: photos 4:3, avatars and logos square. */
  shape?: 'photo' | 'square'
}

export function filesOf(event: DragEvent): File[] {
  return [...(event.dataTransfer?.files ?? [])]
}

export function ImagePicker({
  id,
  name,
  value,
  onChange,
  folder,
  hint,
  required,
  maxLength,
  inputName,
  onBusyChange,
  shape = 'photo',
  ...rest
}: ImagePickerProps) {
  const fileInput = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const [libraryOpen, setLibraryOpen] = useState(false)
  const uploader = useUploader({ folder, hint, onUploaded: onChange, onBusyChange })
  const check = useImageCheck(value)
  const address = value.trim()

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault()
    setDragging(false)
    const files = filesOf(event)
    if (files.length > 0) void uploader.upload(files.slice(0, 1))
  }

  return (
    <div
      data-testid="image-picker"
      onDragOver={(event) => {
        event.preventDefault()
        setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'space-y-3 rounded-xl border border-dashed border-slate-300 p-3 transition-colors',
        dragging && 'border-primary bg-slate-50',
      )}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div
          className={cn('shrink-0 overflow-hidden rounded-lg bg-slate-100', shape === 'square' ? 'size-24' : 'aspect-[4/3] w-full sm:w-40')}
        >
          {address && check !== 'broken' ? (
            <SiteImage
              src={address}
              alt={`${name} preview`}
              layout={adminThumbLayout}
              width={160}
              height={120}
              className="size-full object-cover"
            />
          ) : (
            <div className="flex size-full items-center justify-center p-2 text-center text-xs text-slate-600">
              {address ? 'No preview' : 'Drop a photo here'}
            </div>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => fileInput.current?.click()} disabled={uploader.busy}>
            <ImagePlus aria-hidden="true" />
            {address ? `Replace ${name}` : `Upload ${name}`}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setLibraryOpen(true)} disabled={uploader.busy}>
            <Library aria-hidden="true" />
            Choose from library
          </Button>
          {address && (
            <Button size="sm" variant="ghost" onClick={() => onChange('')} disabled={uploader.busy} aria-label={`Remove ${name}`}>
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          )}
        </div>
        <input
          ref={fileInput}
          type="file"
          accept={acceptedFiles}
          tabIndex={-1}
          aria-label={`Photo file for ${name}`}
          className="sr-only"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])]
            event.target.value = ''
            if (files.length > 0) void uploader.upload(files.slice(0, 1))
          }}
        />
      </div>
      <UrlInput
        id={id}
        aria-describedby={rest['aria-describedby']}
        name={inputName}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required={required}
        maxLength={maxLength}
        placeholder="…or paste an image address (https://)"
      />
      <UploadStatus tasks={uploader.tasks} errors={uploader.errors} />
      {check === 'broken' && (
        <p role="status" className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {brokenImageWarning}
        </p>
      )}
      {libraryOpen && <LibraryDialog open onClose={() => setLibraryOpen(false)} onPick={onChange} />}
    </div>
  )
}
