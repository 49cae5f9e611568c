//! Shown in place of "saved" when a save found the row changed (or deleted) since the
//! form loaded it: who and when, and the owner's two ways on: Keep mine (save the whole
//! form over their version) or Load theirs (the form takes the stored row).
import { TriangleAlert } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { Conflict } from '@/lib/table-writes'
import { conflictText } from './conflict-text'
import { editTexts } from './edit-texts'

const t = editTexts.conflict

interface ConflictNoticeProps {
  conflict: Conflict<unknown>
  busy: boolean
  onKeepMine: () => void
  /** Absent when there is nothing stored to load (the row was deleted). */
  onLoadTheirs?: () => void
}

export function ConflictNotice({ conflict, busy, onKeepMine, onLoadTheirs }: ConflictNoticeProps) {
  return (
    <div
      role="alert"
      data-testid="edit-conflict"
      className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
        {t.title}
      </p>
      <p>{conflictText(conflict)}</p>
      <div className="flex flex-wrap gap-3">
        <Button type="button" onClick={onKeepMine} disabled={busy} title={t.keepMineHint}>
          {t.keepMine}
        </Button>
        {onLoadTheirs && (
          <Button type="button" variant="outline" onClick={onLoadTheirs} disabled={busy} title={t.loadTheirsHint}>
            {t.loadTheirs}
          </Button>
        )}
      </div>
    </div>
  )
}
