//! The bar along the bottom of a public page (clear of the fixed header) opened as a draft
//! preview by an editor: it says drafts are shown (a visitor opening the same link sees
//! the published site and no bar) and leads back to the published page.
import { Eye } from 'lucide-react'
import { useEffect, useState } from 'react'
import { previewTexts as t } from '@/config/preview'
import { isDraftPreview, previewDrafts } from '@/lib/preview-drafts'

export function PreviewBanner() {
  const [showing, setShowing] = useState(false)

  useEffect(() => {
    if (!isDraftPreview()) return
    let live = true
    previewDrafts().then(
      (drafts) => live && setShowing(drafts !== null),
      (error: unknown) => console.error('Error loading the drafts to preview:', error),
    )
    return () => {
      live = false
    }
  }, [])

  if (!showing) return null
  return (
    <div
      role="status"
      data-testid="preview-banner"
      className="fixed inset-x-0 bottom-0 z-50 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-amber-400 px-4 py-2 text-center text-sm text-amber-950"
    >
      <Eye aria-hidden="true" className="size-4" />
      <strong className="font-semibold">{t.previewBanner}</strong>
      <span>{t.previewBannerHint}</span>
      <a href={window.location.pathname} className="font-semibold underline underline-offset-2">
        {t.exitPreview}
      </a>
    </div>
  )
}
