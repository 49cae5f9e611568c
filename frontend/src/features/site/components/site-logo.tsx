// The brand: the owner's logo image when site_settings has one, else the curtain mark
// drawn in the theme colours, followed by the site title: cut short with an ellipsis where
// one line is all there is (the header, whose link carries the full title), else wrapped.
import { cn } from '@/lib/cn'
import { SiteImage } from '@/features/media/components/site-image'
import type { ImageLayout } from '@/features/media/image-urls'

/** The logo keeps its own shape, at most 128 px wide. */
const logoLayout: ImageLayout = { widths: [128, 256, 384], sizes: '128px' }

interface SiteLogoProps {
  title: string
  logoUrl: string | null
  tone?: 'light' | 'dark'
  /** Keep the title on one line, cut with an ellipsis when too long. */
  truncate?: boolean
  className?: string
}

export function CurtainMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-9 shrink-0', className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M5 7h22" className="stroke-secondary" strokeWidth="2" strokeLinecap="round" />
      <path d="M7 8c0 6 1 12-1 18h7c-1-5 1-11 1-18z" fill="#f8fafc" />
      <path d="M25 8c0 6-1 12 1 18h-7c1-5-1-11-1-18z" fill="#f8fafc" />
      <path d="M10 9v16M22 9v16" stroke="#cbd5e1" strokeWidth="1" />
    </svg>
  )
}

export function SiteLogo({ title, logoUrl, tone = 'light', truncate = false, className }: SiteLogoProps) {
  return (
    <span className={cn('flex min-w-0 items-center gap-2.5', className)}>
      {logoUrl ? (
        <SiteImage src={logoUrl} alt="" layout={logoLayout} width={36} height={36} className="h-9 w-auto max-w-32 object-contain" />
      ) : (
        <CurtainMark className={tone === 'dark' ? 'ring-1 ring-white/15 rounded-lg' : undefined} />
      )}
      <span
        className={cn(
          'min-w-0 font-display text-xl font-semibold tracking-tight',
          truncate ? 'truncate' : 'wrap-anywhere',
          tone === 'light' ? 'text-slate-950' : 'text-white',
        )}
      >
        {title}
      </span>
    </span>
  )
}
