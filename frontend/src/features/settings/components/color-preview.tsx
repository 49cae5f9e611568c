// A small mock-up of the site in the chosen colours, updated as they change.
import { Home } from 'lucide-react'
import { adminTexts } from '@/config/admin'
import { readableTextColor, validHexColor } from '@/lib/color'

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
  return (
    <div data-testid="color-preview" className="overflow-hidden rounded-2xl border border-slate-200">
      <p className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t.livePreview}
      </p>
      <div className="p-5" style={{ backgroundColor: p, color: readableTextColor(p) }}>
        <p className="flex items-center gap-2 font-display text-lg font-semibold">
          <Home aria-hidden="true" className="size-5" style={{ color: s }} />
          {title.trim() || 'Site title'}
        </p>
        <span
          data-testid="preview-button"
          className="mt-4 inline-flex rounded-full px-4 py-2 text-sm font-semibold"
          style={{ backgroundColor: s, color: readableTextColor(s) }}
        >
          {t.previewButton}
        </span>
      </div>
      <div className="grid grid-cols-2 text-sm">
        <div className="flex items-center gap-2 px-4 py-3">
          <span aria-hidden="true" className="size-5 rounded-full ring-1 ring-slate-200" style={{ backgroundColor: p }} />
          {t.previewPrimary} <code className="font-mono text-slate-500">{p}</code>
        </div>
        <div className="flex items-center gap-2 px-4 py-3">
          <span aria-hidden="true" className="size-5 rounded-full ring-1 ring-slate-200" style={{ backgroundColor: s }} />
          {t.previewSecondary} <code className="font-mono text-slate-500">{s}</code>
        </div>
      </div>
    </div>
  )
}
