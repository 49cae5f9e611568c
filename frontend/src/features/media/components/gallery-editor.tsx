// The portfolio item's photos: add several at once (choose, drop, library or address),
// reorder by drag and drop, by keyboard (arrows on a photo's handle) or by touch (the
// Move earlier / later buttons), choose the cover (the first photo, the item's main image),
// set each one's focal point (a tap on the photo) and alt text, remove one. On a phone
// the photos sit two to a row, so a long gallery stays a few screens long.
import { ChevronLeft, ChevronRight, GripVertical, ImagePlus, Library, Star, Trash2 } from 'lucide-react'
import { useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { UrlInput, isUrlOrPath } from '@/components/ui/url-input'
import { cn } from '@/lib/cn'
import { addPhotos, keyboardTarget, makeCover, movePhoto, removePhoto, type GalleryPhoto } from '../gallery-order'
import { acceptedFiles } from '../media-config'
import { mediaTexts } from '../texts'
import { useUploader } from '../use-uploader'
import { filesOf } from './image-picker'
import { LibraryDialog } from './library-dialog'
import { FocalPointPicker } from './focal-point-picker'
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

const iconButton =
  'inline-flex size-9 cursor-pointer items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-secondary disabled:cursor-default disabled:opacity-30 disabled:hover:bg-transparent'

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

  /** Moves a photo and keeps focus on the control that moved it, now at its new place. */
  function move(from: number, to: number, how: string, focusId = `${labelledBy}-handle-${to}`) {
    onChange(movePhoto(photos, from, to))
    setAnnouncement(`Photo ${from + 1} ${how}: now photo ${to + 1} of ${photos.length}.`)
    requestAnimationFrame(() => {
      const target = document.getElementById(focusId)
      // At either end its button is disabled: the photo's other Move button takes focus.
      const fallback = document.getElementById(focusId.includes('-earlier-') ? `${labelledBy}-later-${to}` : `${labelledBy}-earlier-${to}`)
      ;(target && !(target as HTMLButtonElement).disabled ? target : fallback)?.focus()
    })
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
        <ol data-testid="gallery-photos" className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-3">
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
              className={cn(
                'flex min-w-0 flex-col gap-2 rounded-xl bg-white p-1.5 ring-1 ring-slate-200 sm:p-2',
                dragFrom === index && 'opacity-50',
              )}
            >
              <div data-testid="gallery-thumb" className="relative">
                <FocalPointPicker
                  src={photo.url}
                  value={photo.focus}
                  onChange={(focus) => onChange(photos.map((p, i) => (i === index ? { ...p, focus } : p)))}
                  what={`photo ${index + 1}`}
                />
                {index === 0 && (
                  <Badge variant="dark" className="pointer-events-none absolute top-1.5 left-1.5">
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
                className="h-9 text-sm"
                onChange={(event) => onChange(photos.map((p, i) => (i === index ? { ...p, alt: event.target.value } : p)))}
              />
              <div className="flex flex-wrap items-center gap-0.5">
                <button
                  id={`${labelledBy}-handle-${index}`}
                  type="button"
                  aria-label={`Reorder photo ${index + 1} of ${photos.length} (arrow keys move it)`}
                  onKeyDown={(event) => onHandleKey(event, index)}
                  className={cn(iconButton, 'hidden cursor-grab sm:inline-flex')}
                >
                  <GripVertical aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  aria-label={mediaTexts.moveEarlier(index + 1)}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1, 'moved earlier', `${labelledBy}-earlier-${index - 1}`)}
                  id={`${labelledBy}-earlier-${index}`}
                  className={iconButton}
                >
                  <ChevronLeft aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  aria-label={mediaTexts.moveLater(index + 1)}
                  disabled={index === photos.length - 1}
                  onClick={() => move(index, index + 1, 'moved later', `${labelledBy}-later-${index + 1}`)}
                  id={`${labelledBy}-later-${index}`}
                  className={iconButton}
                >
                  <ChevronRight aria-hidden="true" className="size-4" />
                </button>
                {index > 0 && (
                  <button
                    type="button"
                    className={iconButton}
                    onClick={() => onChange(makeCover(photos, index))}
                    aria-label={`Make photo ${index + 1} the cover`}
                  >
                    <Star aria-hidden="true" className="size-4" />
                  </button>
                )}
                <button
                  type="button"
                  className={cn(iconButton, 'ml-auto hover:text-red-700')}
                  onClick={() => onChange(removePhoto(photos, index))}
                  aria-label={`Remove photo ${index + 1}`}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
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
