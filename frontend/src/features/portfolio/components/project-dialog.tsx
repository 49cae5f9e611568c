// The project detail popup, opened from the landing grid and from /portfolio: a gallery
// (the whole photo, arrows, a sideways swipe, counter, dots, thumbnails, 4 s auto-advance
// with pause/resume; a tap on the photo opens it full screen), the sanitised description,
// the details block and the call to action.
import { ChevronLeft, ChevronRight, Maximize2, Pause, Play } from 'lucide-react'
import { useId, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'
import { useNavigate } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogClose } from '@/components/ui/dialog'
import { RichText } from '@/components/ui/rich-text'
import { texts } from '@/config/site'
import { cn } from '@/lib/cn'
import { formatPhotoCount } from '@/lib/format'
import { useCategoryLabel } from '@/features/site-texts/api/get-site-texts'
import { prefillService } from '@/features/contact/contact-prefill'
import { scrollToSection } from '@/lib/scroll'
import { SiteImage } from '@/features/media/components/site-image'
import { focusOf } from '@/features/media/focal-point'
import { photoAlt } from '@/features/media/gallery-order'
import { dialogLayout, thumbnailLayout } from '@/features/media/layouts'
import { formatCounter, galleryImages } from '../gallery'
import type { PortfolioItem } from '../types'
import { useGallery } from '../use-gallery'
import { useGalleryKeys } from '../use-gallery-keys'
import { swipeDirection, tapSlop, type Point } from '../viewer-gestures'
import { viewerTexts } from '../viewer-texts'
import { PhotoViewer, type ViewerPhoto } from './photo-viewer'

interface ProjectDialogProps {
  item: PortfolioItem | null
  open: boolean
  onClose: () => void
}

const arrowClass =
  'absolute top-1/2 z-10 inline-flex size-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-lg transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary'

/** Each photo with its alt text and, when the owner typed one, that text as its caption. */
function viewerPhotos(item: PortfolioItem, images: readonly string[]): ViewerPhoto[] {
  return images.map((src, i) => ({
    src,
    alt: photoAlt(item.title, item.image_alts, i, images.length),
    caption: item.image_alts?.[i]?.trim() ?? '',
  }))
}

function Gallery({ item, open }: { item: PortfolioItem; open: boolean }) {
  const images = galleryImages(item)
  const [viewerOpen, setViewerOpen] = useState(false)
  const gallery = useGallery(images.length, open, undefined, viewerOpen)
  const total = images.length
  useGalleryKeys(open && total > 1 && !viewerOpen, gallery.previous, gallery.next)
  const src = images[gallery.index]
  // A sideways swipe on the photo moves the gallery; a vertical one scrolls as usual. A
  // press that moved (a swipe, a drag) is not a tap on the photo.
  const stroke = useRef<{ id: number; start: Point } | null>(null)
  const moved = useRef(false)

  function onPointerDown(event: ReactPointerEvent) {
    if (event.target instanceof Element && event.target.closest('[data-control]')) return
    stroke.current = { id: event.pointerId, start: { x: event.clientX, y: event.clientY } }
    moved.current = false
  }

  function onPointerUp(event: ReactPointerEvent) {
    const current = stroke.current
    stroke.current = null
    if (!current || current.id !== event.pointerId) return
    const end = { x: event.clientX, y: event.clientY }
    moved.current = Math.hypot(end.x - current.start.x, end.y - current.start.y) > tapSlop
    if (event.pointerType === 'mouse' || total < 2) return
    const direction = swipeDirection(current.start, end)
    if (direction === 'next') gallery.next()
    else if (direction === 'previous') gallery.previous()
  }

  function openViewer() {
    if (moved.current) {
      moved.current = false
      return
    }
    setViewerOpen(true)
  }

  return (
    <div className="shrink-0 bg-slate-950 lg:flex lg:w-[58%] lg:flex-col lg:justify-center">
      <div
        className="relative aspect-[4/3] w-full touch-pan-y overflow-hidden"
        role="group"
        aria-roledescription="carousel"
        aria-label={`${item.title} photos`}
        data-testid="gallery-stage"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          stroke.current = null
          moved.current = true
        }}
      >
        {src && (
          <>
            <SiteImage
              key={src}
              src={src}
              alt={photoAlt(item.title, item.image_alts, gallery.index, total)}
              layout={dialogLayout}
              width={800}
              height={600}
              draggable={false}
              className="animate-fade-in size-full object-contain"
            />
            {/* Over the photo rather than around it, so the photo stays an image to assistive technology. */}
            <button
              type="button"
              onClick={openViewer}
              aria-label={viewerTexts.open(gallery.index + 1, total)}
              className="group absolute inset-0 cursor-zoom-in focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-secondary"
            >
              <span
                aria-hidden="true"
                className="absolute top-3 left-3 inline-flex size-9 items-center justify-center rounded-full bg-slate-950/60 text-white transition group-hover:bg-slate-950/80"
              >
                <Maximize2 className="size-4" />
              </span>
            </button>
          </>
        )}
        {total > 1 && (
          <>
            <button type="button" data-control onClick={gallery.previous} aria-label="Previous image" className={cn(arrowClass, 'left-3')}>
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <button type="button" data-control onClick={gallery.next} aria-label="Next image" className={cn(arrowClass, 'right-3')}>
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
            <div
              data-control
              className="absolute inset-x-0 bottom-0 flex items-center justify-between gap-3 bg-linear-to-t from-slate-950/70 to-transparent px-4 pt-10 pb-3"
            >
              <span
                data-testid="gallery-counter"
                aria-live={gallery.isPlaying ? 'off' : 'polite'}
                className="rounded-full bg-slate-950/60 px-3 py-1 text-xs font-semibold text-white tabular-nums"
              >
                {formatCounter(gallery.index, total)}
              </span>
              <div className="flex items-center gap-1.5">
                {images.map((image, i) => (
                  <button
                    key={`${image}-${i}`}
                    type="button"
                    onClick={() => gallery.goTo(i)}
                    aria-label={`Go to image ${i + 1}`}
                    aria-current={i === gallery.index ? 'true' : undefined}
                    className="group inline-flex size-6 cursor-pointer items-center justify-center"
                  >
                    <span
                      aria-hidden="true"
                      className={cn(
                        'block h-2 rounded-full transition-all',
                        i === gallery.index ? 'w-6 bg-white' : 'w-2 bg-white/50 group-hover:bg-white/80',
                      )}
                    />
                  </button>
                ))}
              </div>
              <button
                type="button"
                onClick={gallery.togglePlaying}
                aria-label={gallery.isPlaying ? 'Pause slideshow' : 'Play slideshow'}
                aria-pressed={!gallery.isPlaying}
                className="inline-flex size-9 cursor-pointer items-center justify-center rounded-full bg-slate-950/60 text-white transition hover:bg-slate-950/80 focus-visible:outline-2 focus-visible:outline-secondary"
              >
                {gallery.isPlaying ? <Pause aria-hidden="true" className="size-4" /> : <Play aria-hidden="true" className="size-4" />}
              </button>
            </div>
          </>
        )}
      </div>
      {total > 1 && (
        <div className="flex gap-2 overflow-x-auto p-3" aria-label="Thumbnails" role="group">
          {images.map((image, i) => (
            <button
              key={`${image}-${i}`}
              type="button"
              onClick={() => gallery.goTo(i)}
              aria-label={`Show image ${i + 1}`}
              aria-current={i === gallery.index ? 'true' : undefined}
              className={cn(
                'relative aspect-[4/3] w-20 shrink-0 cursor-pointer overflow-hidden rounded-lg ring-2 transition sm:w-24',
                i === gallery.index ? 'opacity-100 ring-secondary' : 'opacity-60 ring-transparent hover:opacity-100',
              )}
            >
              <SiteImage
                src={image}
                alt=""
                layout={thumbnailLayout}
                focus={focusOf(item.image_focus, i)}
                width={96}
                height={72}
                loading="lazy"
                className="size-full object-cover"
              />
            </button>
          ))}
        </div>
      )}
      {viewerOpen && (
        <PhotoViewer
          title={item.title}
          photos={viewerPhotos(item, images)}
          index={gallery.index}
          onIndexChange={gallery.goTo}
          onClose={() => setViewerOpen(false)}
        />
      )}
    </div>
  )
}

function DetailRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2.5">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="text-sm font-semibold text-slate-900">{value}</dd>
    </div>
  )
}

export function ProjectDialog({ item, open, onClose }: ProjectDialogProps) {
  const titleId = useId()
  const closeRef = useRef<HTMLButtonElement>(null)
  const navigate = useNavigate()
  const categoryLabel = useCategoryLabel()

  if (!item) return null
  const photoCount = galleryImages(item).length
  const category = categoryLabel(item.category)

  function getSimilarWork() {
    prefillService(item?.category ?? '')
    onClose()
    // After the dialog has closed (and handed focus back), so the scroll and the focus
    // on the contact section are the last word.
    setTimeout(() => {
      if (!scrollToSection('contact')) navigate('/#contact')
    }, 0)
  }

  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId} initialFocusRef={closeRef} size="xl" className="lg:flex-row">
      <Gallery item={item} open={open} />
      <div className="flex min-h-0 flex-1 flex-col">
        {/* Focusable so keyboard users can scroll a long description. */}
        <div
          tabIndex={0}
          className="min-h-0 flex-1 overflow-y-auto p-6 pb-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-secondary sm:p-8 sm:pb-4"
        >
          <div className="pr-10">
            {category && <Badge variant="accent">{category}</Badge>}
            <h2 id={titleId} className="mt-3 font-display text-2xl font-semibold tracking-tight text-slate-950 sm:text-3xl">
              {item.title}
            </h2>
          </div>
          <RichText html={item.description} className="mt-4 text-slate-700" />
          <div className="mt-6 rounded-2xl bg-slate-50 px-5 py-3 ring-1 ring-slate-200/70">
            <h3 className="pt-2 pb-1 text-xs font-semibold tracking-wider text-slate-500 uppercase">{texts.project.detailsHeading}</h3>
            <dl className="divide-y divide-slate-200">
              {category && <DetailRow label="Category" value={category} />}
              {photoCount > 1 && <DetailRow label="Images" value={formatPhotoCount(photoCount)} />}
            </dl>
          </div>
        </div>
        <div className="border-t border-slate-100 px-6 py-4 sm:px-8">
          <Button variant="primary" size="lg" className="w-full" onClick={getSimilarWork}>
            {texts.project.getSimilar}
          </Button>
        </div>
      </div>
      <DialogClose ref={closeRef} onClose={onClose} label="Close project details" className="absolute top-3 right-3 z-20" />
    </Dialog>
  )
}
