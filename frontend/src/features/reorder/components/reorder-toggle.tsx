// The header button of an orderable admin list, "Change Order" / "Done", and the choice of
// where a new item goes, shown with its form (one Add per list; last by default, as the
// spec says).
import { ArrowUpDown, Check } from 'lucide-react'
import { useId } from 'react'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { reorderTexts as t } from '../texts'

export function ReorderToggle({ reordering, onToggle, disabled }: { reordering: boolean; onToggle: () => void; disabled?: boolean }) {
  return (
    <Button variant="outline" onClick={onToggle} disabled={disabled} aria-pressed={reordering}>
      {reordering ? <Check aria-hidden="true" /> : <ArrowUpDown aria-hidden="true" />}
      {reordering ? t.done : t.reorder}
    </Button>
  )
}

export function PositionChoice({ atTop, onChange, className }: { atTop: boolean; onChange: (atTop: boolean) => void; className?: string }) {
  const id = useId()
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {t.position}
      </label>
      <Select id={id} value={atTop ? 'top' : 'end'} onChange={(e) => onChange(e.target.value === 'top')} className="max-w-56">
        <option value="end">{t.positions.end}</option>
        <option value="top">{t.positions.top}</option>
      </Select>
    </div>
  )
}
