// A project card: the main image at a fixed 4:3 ratio (cropped around its focal point), category, title and a clamped
// plain-text description; the whole card opens the project popup.
import { Images } from 'lucide-react'
import { useMemo } from 'react'
import { Badge } from '@/components/ui/badge'
import { cardVariants } from '@/components/ui/card'
import { cn } from '@/lib/cn'
import { htmlToPlainText } from '@/lib/format'
import { useCategoryLabel } from '@/features/site-texts/api/get-site-texts'
import { SiteImage } from '@/features/media/components/site-image'
import { focusOf } from '@/features/media/focal-point'
import { photoAlt } from '@/features/media/gallery-order'
import { cardLayout } from '@/features/media/layouts'
import { galleryImages } from '../gallery'
import type { PortfolioItem } from '../types'
import { preloadProjectDialog } from './lazy-project-dialog'

interface PortfolioCardProps {
  item: PortfolioItem
  onOpen: (item: PortfolioItem) => void
  /** Lines of description shown: 2 on the landing page, 3 on /portfolio. */
  clamp: 2 | 3
  /**
   * The card may be in the first screen, so its image loads at once (never lazily): 'high' is
   * the first card, the largest image of a phone's first screen, fetched before the others
   * (public/_pleat/head.html preloads it too); 'eager' the next ones, in view on wider
   * screens only, at the browser's priority (it raises images in view once laid out).
   */
  priority?: 'high' | 'eager'
}

export function PortfolioCard({ item, onOpen, clamp, priority }: PortfolioCardProps) {
  const summary = useMemo(() => htmlToPlainText(item.description), [item.description])
  const photos = galleryImages(item).length
  const categoryLabel = useCategoryLabel()
  return (
    <article
      data-testid="portfolio-card"
      className={cn(cardVariants({ variant: 'interactive' }), 'group relative flex flex-col overflow-hidden')}
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-slate-100">
        <SiteImage
          src={item.image_url}
          alt={photoAlt(item.title, item.image_alts, 0)}
          layout={cardLayout}
          focus={focusOf(item.image_focus, 0)}
          width={800}
          height={600}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority === 'high' ? 'high' : undefined}
          decoding="async"
          className="size-full object-cover transition duration-500 group-hover:scale-105"
        />
        <div className="absolute inset-x-3 top-3 flex items-start justify-between gap-2">
          <Badge variant="overlay">{categoryLabel(item.category)}</Badge>
          {photos > 1 && (
            <Badge variant="dark">
              <Images aria-hidden="true" />
              {photos}
            </Badge>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <h3 className="font-display text-xl font-semibold text-slate-950">
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() => onOpen(item)}
            onPointerEnter={preloadProjectDialog}
            onFocus={preloadProjectDialog}
            className="cursor-pointer text-left after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:rounded-2xl focus-visible:after:ring-2 focus-visible:after:ring-secondary focus-visible:after:ring-offset-2"
          >
            {item.title}
          </button>
        </h3>
        {summary && <p className={cn('mt-2 leading-relaxed text-slate-600', clamp === 2 ? 'line-clamp-2' : 'line-clamp-3')}>{summary}</p>}
        <p className="mt-auto pt-4 text-sm font-semibold text-primary-ink">
          View project{' '}
          <span aria-hidden="true" className="inline-block transition-transform group-hover:translate-x-1">
            →
          </span>
        </p>
      </div>
    </article>
  )
}

export { PortfolioCardSkeleton } from './portfolio-card-skeleton'
