// The portfolio item's photos: add several at once (choose, drop, library or address),
// reorder by drag and drop or by keyboard (arrows on a photo's handle), choose the cover
// (the first photo, the item's main image), give each an alt text, remove one.
import { GripVertical, ImagePlus, Library, Star, Trash2 } from 'lucide-react'
import { useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { UrlInput, isUrlOrPath } from '@/components/ui/url-input'
import { cn } from '@/lib/cn'
import { addPhotos, keyboardTarget, makeCover, movePhoto, removePhoto, type GalleryPhoto } from '../gallery-order'
import { adminThumbLayout } from '../layouts'
import { acceptedFiles } from '../media-config'
import { useUploader } from '../use-uploader'
import { filesOf } from './image-picker'
import { LibraryDialog } from './library-dialog'
import { SiteImage } from './site-image'
import { UploadStatus } from './upload-status'

interface GalleryEditorProps {
  photos: GalleryPhoto[]
  onChange: (photos: GalleryPhoto[]) => void
  /** The project title: the stored files' names and the alt texts' default. */
  title: string
  labelledBy: string
  describedBy?: string
  onBusyChange?: (busy: boolean) => void
}

export function GalleryEditor({ photos, onChange, title, labelledBy, describedBy, onBusyChange }: GalleryEditorProps) {
  const fileInput = useRef<HTMLInputElement>(null)
  const [dragFrom, setDragFrom] = useState<number | null>(null)
  const [dropping, setDropping] = useState(false)
  const [libraryOpen, setLibraryOpen] = useState(false)
  const [address, setAddress] = useState('')
  const [announcement, setAnnouncement] = useState('')
  // Uploads finish one by one while the owner may reorder; each is added to the latest list.
  const current = useRef(photos)
  useLayoutEffect(() => {
    current.current = photos
  })
  const add = (urls: string[]) => onChange(addPhotos(current.current, urls))
  const uploader = useUploader({ folder: 'portfolio', hint: title, onUploaded: (url) => add([url]), onBusyChange })

  function move(from: number, to: number, how: string) {
    onChange(movePhoto(photos, from, to))
    setAnnouncement(`Photo ${from + 1} ${how}: now photo ${to + 1} of ${photos.length}.`)
    requestAnimationFrame(() => document.getElementById(`${labelledBy}-handle-${to}`)?.focus())
  }

  function onHandleKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const target = keyboardTarget(event.key, index, photos.length)
    if (target === null) return
    event.preventDefault()
    move(index, target, 'moved')
  }

  function onDropOnPhoto(event: DragEvent, index: number) {
    event.preventDefault()
    event.stopPropagation()
    setDropping(false)
    if (dragFrom !== null) move(dragFrom, index, 'moved')
    else void uploader.upload(filesOf(event))
    setDragFrom(null)
  }

  function addAddress() {
    if (!isUrlOrPath(address)) return
    add([address])
    setAddress('')
  }

  const defaultAlt = title.trim() || 'Project title'
  return (
    <div role="group" aria-labelledby={labelledBy} aria-describedby={describedBy} className="space-y-3">
      {photos.length > 0 && (
        <ol data-testid="gallery-photos" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {photos.map((photo, index) => (
            <li
              key={photo.url}
              data-testid="gallery-photo"
              data-url={photo.url}
              draggable
              onDragStart={(event) => {
                setDragFrom(index)
                event.dataTransfer.effectAllowed = 'move'
                event.dataTransfer.setData('text/plain', String(index))
              }}
              onDragEnd={() => setDragFrom(null)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => onDropOnPhoto(event, index)}
              className={cn('flex flex-col gap-2 rounded-xl bg-white p-2 ring-1 ring-slate-200', dragFrom === index && 'opacity-50')}
            >
              <div data-testid="gallery-thumb" className="relative aspect-[4/3] cursor-grab overflow-hidden rounded-lg bg-slate-100">
                {/* Not draggable itself: the drag is the photo's card, not the picture's address. */}
                <SiteImage
                  src={photo.url}
                  alt=""
                  layout={adminThumbLayout}
                  width={320}
                  height={240}
                  draggable={false}
                  className="size-full object-cover"
                />
                {index === 0 && (
                  <Badge variant="dark" className="absolute top-2 left-2">
                    <Star aria-hidden="true" />
                    Cover
                  </Badge>
                )}
              </div>
              <Input
                aria-label={`Alt text of photo ${index + 1}`}
                placeholder={defaultAlt}
                value={photo.alt}
                maxLength={300}
                onChange={(event) => onChange(photos.map((p, i) => (i === index ? { ...p, alt: event.target.value } : p)))}
              />
              <div className="flex flex-wrap items-center gap-1">
                <button
                  id={`${labelledBy}-handle-${index}`}
                  type="button"
                  aria-label={`Reorder photo ${index + 1} of ${photos.length} (arrow keys move it)`}
                  onKeyDown={(event) => onHandleKey(event, index)}
                  className="inline-flex size-9 cursor-grab items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-secondary"
                >
                  <GripVertical aria-hidden="true" className="size-4" />
                </button>
                {index > 0 && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onChange(makeCover(photos, index))}
                    aria-label={`Make photo ${index + 1} the cover`}
                  >
                    <Star aria-hidden="true" />
                    Cover
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  className="ml-auto"
                  onClick={() => onChange(removePhoto(photos, index))}
                  aria-label={`Remove photo ${index + 1}`}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <div
        data-testid="gallery-dropzone"
        onDragOver={(event) => {
          event.preventDefault()
          if (dragFrom === null) setDropping(true)
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={(event) => {
          event.preventDefault()
          setDropping(false)
          if (dragFrom === null) void uploader.upload(filesOf(event))
        }}
        className={cn(
          'flex flex-col gap-3 rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600 sm:flex-row sm:items-center',
          dropping && 'border-primary bg-slate-50',
        )}
      >
        <p className="flex-1">{photos.length === 0 ? 'Drop photos here, or' : 'Drop more photos here, or'}</p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => fileInput.current?.click()}>
            <ImagePlus aria-hidden="true" />
            Add photos
          </Button>
          <Button size="sm" variant="outline" onClick={() => setLibraryOpen(true)}>
            <Library aria-hidden="true" />
            Choose from library
          </Button>
        </div>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={acceptedFiles}
          tabIndex={-1}
          aria-label="Photo files for the project"
          className="sr-only"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])]
            event.target.value = ''
            void uploader.upload(files)
          }}
        />
      </div>
      <div className="flex gap-2">
        <UrlInput
          aria-label="Image address to add"
          placeholder="…or paste an image address (https://)"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              addAddress()
            }
          }}
        />
        <Button variant="outline" onClick={addAddress} disabled={!isUrlOrPath(address)}>
          Add
        </Button>
      </div>
      <UploadStatus tasks={uploader.tasks} errors={uploader.errors} />
      {libraryOpen && <LibraryDialog open onClose={() => setLibraryOpen(false)} onPick={(url) => add([url])} />}
    </div>
  )
}
