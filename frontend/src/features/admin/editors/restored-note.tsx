//! The note over a form whose unsaved values came back from before a reload: says so, and
//! offers to throw them away (the form then shows the stored row).
import { History } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { editTexts } from './edit-texts'

export function RestoredNote({ onDiscard }: { onDiscard: () => void }) {
  return (
    <div
      role="status"
      data-testid="restored-draft"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950"
    >
      <History aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0 flex-1">{editTexts.restored.text}</span>
      <Button type="button" variant="outline" size="sm" onClick={onDiscard}>
        {editTexts.restored.discard}
      </Button>
    </div>
  )
}
