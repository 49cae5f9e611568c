//! A draft waiting to be published: the Draft badge, who saved it and when, Publish,
//! Discard draft (after asking) and Preview, which opens the public page showing drafts.
import { ExternalLink } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button, buttonVariants } from '@/components/ui/button'
import { historyTexts as t } from '@/config/history'
import { useAdminGuard } from '@/features/admin/guard/admin-guard'
import type { ContentDraft } from '@/lib/preview-drafts'
import { formatWhen } from '../changes'

interface DraftBarProps {
  draft: ContentDraft
  /** The item's name, in a list's drafts. */
  name?: string
  /** The public page showing the drafts. */
  previewHref: string
  onPublish: () => Promise<void>
  onDiscard: () => Promise<void>
}

export function DraftBar({ draft, name, previewHref, onPublish, onDiscard }: DraftBarProps) {
  const guard = useAdminGuard()
  const [busy, setBusy] = useState<'publish' | 'discard' | null>(null)

  async function run(kind: 'publish' | 'discard', action: () => Promise<void>) {
    setBusy(kind)
    try {
      await action()
    } finally {
      setBusy(null)
    }
  }

  async function discard() {
    const d = t.confirmDiscard
    if (await guard.confirm({ title: d.title, message: d.message, confirmLabel: d.confirm, cancelLabel: d.cancel, danger: true })) {
      await run('discard', onDiscard)
    }
  }

  return (
    <div
      data-testid="draft-bar"
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <Badge className="bg-amber-200 text-amber-950">{t.draft}</Badge>
      <p className="min-w-0 flex-1">
        {name && <strong className="font-semibold">{`${name}: `}</strong>}
        {t.draftBy(draft.updated_by_email, formatWhen(draft.updated_at))}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={busy !== null} onClick={() => void run('publish', onPublish)}>
          {busy === 'publish' ? t.publishing : t.publish}
        </Button>
        <Button size="sm" variant="outline" disabled={busy !== null} onClick={() => void discard()}>
          {t.discard}
        </Button>
        <a href={previewHref} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <ExternalLink aria-hidden="true" />
          {t.previewDrafts}
        </a>
      </div>
    </div>
  )
}
