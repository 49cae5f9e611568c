// An image of the site: a photo from this site's storage comes through the transform as a
// responsive WebP srcset at the widths its layout needs; the shipped artwork and photos
// hosted elsewhere are used as they are. An image that does not load leaves a neutral
// placeholder (never the browser's broken-image glyph with its alt text). A lazy image
// (below the fold) is not even asked for before the first screen is done (first-screen.ts):
// until then its box stays empty, at the size the image will take. A photo cropped to its
// box keeps the owner's focal point in view (focal-point.ts).
import { ImageOff } from 'lucide-react'
import { useState, useSyncExternalStore, type ImgHTMLAttributes } from 'react'
import { cn } from '@/lib/cn'
import { apiUrl } from '../api-url'
import { firstScreenDone, onFirstScreenDone } from '../first-screen'
import { layoutForFocus, objectPosition, type FocalPoint } from '../focal-point'
import { responsiveSource, type ImageLayout } from '../image-urls'

interface SiteImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> {
  src: string
  alt: string
  layout: ImageLayout
  /** A second layout for portrait screens (a full-screen hero is cropped differently there). */
  portrait?: ImageLayout
  /** The spot the crop keeps in view (an object-fit: cover image); the centre when absent. */
  focus?: FocalPoint
}

/** For the images that never wait: nothing to watch. */
const neverChanges = () => () => {}

export function SiteImage({ src, alt, layout, portrait, focus, className, style, onError, ...rest }: SiteImageProps) {
  const [failed, setFailed] = useState<string | null>(null)
  const lazy = rest.loading === 'lazy'
  // Only a lazy image waits for the first screen (and renders again when it is done).
  const firstScreen = useSyncExternalStore(lazy ? onFirstScreenDone : neverChanges, firstScreenDone, firstScreenDone)
  if (!src.trim() || failed === src) {
    return (
      <div
        data-testid="image-placeholder"
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className={cn('flex items-center justify-center bg-slate-200 text-slate-400', className)}
      >
        <ImageOff aria-hidden="true" className="size-8" />
      </div>
    )
  }
  if (lazy && !firstScreen) {
    return <span aria-hidden="true" data-testid="image-pending" className={cn('block', className)} />
  }
  const api = apiUrl()
  const source = responsiveSource(src, focus ? layoutForFocus(layout, focus) : layout, api)
  const img = (
    <img
      {...rest}
      src={source.src}
      srcSet={source.srcSet}
      sizes={source.sizes}
      alt={alt}
      className={className}
      style={focus ? { ...style, objectPosition: objectPosition(focus) } : style}
      onError={(event) => {
        setFailed(src)
        onError?.(event)
      }}
    />
  )
  const portraitSource = portrait && source.srcSet ? responsiveSource(src, focus ? layoutForFocus(portrait, focus) : portrait, api) : null
  if (!portraitSource?.srcSet) return img
  return (
    <picture>
      <source media="(orientation: portrait)" srcSet={portraitSource.srcSet} sizes={portraitSource.sizes} type="image/webp" />
      {img}
    </picture>
  )
}
