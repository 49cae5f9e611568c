// The header buttons of an orderable admin list: "Change Order" / "Done", and "Add at Top"
// beside the list's own Add button (new items otherwise go last, as the spec says).
import { ArrowUpToLine, ArrowUpDown, Check } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { reorderTexts as t } from '../texts'

export function ReorderToggle({ reordering, onToggle, disabled }: { reordering: boolean; onToggle: () => void; disabled?: boolean }) {
  return (
    <Button variant="outline" onClick={onToggle} disabled={disabled} aria-pressed={reordering}>
      {reordering ? <Check aria-hidden="true" /> : <ArrowUpDown aria-hidden="true" />}
      {reordering ? t.done : t.reorder}
    </Button>
  )
}

export function AddAtTopButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  return (
    <Button variant="outline" onClick={onClick} disabled={disabled}>
      <ArrowUpToLine aria-hidden="true" />
      {t.addAtTop}
    </Button>
  )
}
