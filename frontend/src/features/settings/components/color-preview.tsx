// A small mock-up of the site in the chosen colours, updated as they change. It is drawn
// with the site's own theme variables (themeVariables, scoped to the preview) and the
// same classes as the landing page, so it shows exactly what the site will; below it,
// the pairs that cannot reach their contrast are named.
import { Home, Phone } from 'lucide-react'
import type { CSSProperties } from 'react'
import { buttonVariants } from '@/components/ui/button'
import { adminTexts } from '@/config/admin'
import { guardTexts } from '@/config/admin-guard'
import { contrastWarnings, validHexColor } from '@/lib/color'
import { themeVariables } from '@/features/site/site-identity'

const t = adminTexts.settings

interface ColorPreviewProps {
  title: string
  primary: string
  secondary: string
  fallbackPrimary: string
  fallbackSecondary: string
}

export function ColorPreview({ title, primary, secondary, fallbackPrimary, fallbackSecondary }: ColorPreviewProps) {
  const p = validHexColor(primary, fallbackPrimary)
  const s = validHexColor(secondary, fallbackSecondary)
  const theme = themeVariables({ primaryColor: p, secondaryColor: s }) as CSSProperties
  const warnings = contrastWarnings(p, s)
  return (
    <div data-testid="color-preview" style={theme} className="overflow-hidden rounded-2xl border border-slate-200">
      <p className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t.livePreview}
      </p>
      <div data-testid="preview-panel" className="bg-primary p-5 text-primary-foreground">
        <p className="flex min-w-0 items-center gap-2 font-display text-lg font-semibold">
          <Home aria-hidden="true" className="size-5 shrink-0 text-secondary-on-primary" />
          <span className="min-w-0 truncate">{title.trim() || 'Site title'}</span>
        </p>
        <p className="mt-1 flex items-center gap-2 text-sm text-primary-muted">
          <Phone aria-hidden="true" className="size-4 text-secondary-on-primary" />
          {t.previewPrimary}
        </p>
        <span data-testid="preview-button" className={buttonVariants({ variant: 'secondary', size: 'sm', className: 'mt-4' })}>
          {t.previewButton}
        </span>
      </div>
      <div className="grid grid-cols-2 bg-white text-sm">
        <div className="flex items-center gap-2 px-4 py-3">
          <span aria-hidden="true" className="size-5 shrink-0 rounded-full ring-1 ring-slate-200" style={{ backgroundColor: p }} />
          <span className="font-display text-lg font-semibold text-primary-ink">10+</span>
          <code className="font-mono text-slate-500">{p}</code>
        </div>
        <div className="flex items-center gap-2 px-4 py-3">
          <span aria-hidden="true" className="size-5 shrink-0 rounded-full ring-1 ring-slate-200" style={{ backgroundColor: s }} />
          <span className="text-xs font-semibold tracking-[0.2em] text-secondary-ink uppercase">{t.previewSecondary}</span>
          <code className="font-mono text-slate-500">{s}</code>
        </div>
      </div>
      {warnings.length > 0 && (
        <ul data-testid="contrast-warnings" className="space-y-1 border-t border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {warnings.map((w) => (
            <li key={w.pair}>{guardTexts.contrastWarning(w.pair, w.ratio.toFixed(1), w.min)}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
