// Holidays and other dated exceptions: each a date (or a range), closed all day or with
// its own spans, and a note; the site lists them until they are over.
import { Plus } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import type { SpecialHours } from '../special-hours'
import { hoursEditorTexts as t } from '../texts'
import { newSpan, SpansEditor } from './spans-editor'

interface SpecialHoursFieldsetProps {
  list: SpecialHours[]
  error?: string
  onChange: (list: SpecialHours[]) => void
}

const blank = (): SpecialHours => ({ from: '', to: '', closed: true, spans: [], note: '' })

export function SpecialHoursFieldset({ list, error, onChange }: SpecialHoursFieldsetProps) {
  const set = (index: number, change: Partial<SpecialHours>) =>
    onChange(list.map((entry, i) => (i === index ? { ...entry, ...change } : entry)))

  return (
    <fieldset aria-describedby="special-hours-hint" aria-invalid={error ? true : undefined} className="space-y-3">
      <legend className="text-base font-semibold text-slate-950">{t.specialTitle}</legend>
      <p id="special-hours-hint" className="text-sm text-slate-600">
        {t.specialHint}
      </p>
      {list.length === 0 && <p className="text-sm text-slate-500">{t.specialEmpty}</p>}
      <ul className="space-y-3">
        {list.map((entry, i) => {
          const label = t.specialLabel(i + 1)
          return (
            <li key={i} data-testid="special-hours" className="space-y-3 rounded-xl border border-slate-200 p-4">
              <div className="flex flex-wrap items-end gap-3">
                <label className="grid gap-1 text-sm font-medium text-slate-700">
                  {t.from}
                  <Input
                    type="date"
                    aria-label={`${label} ${t.from}`}
                    value={entry.from}
                    onChange={(e) => set(i, { from: e.target.value })}
                    className="h-10 w-44"
                  />
                </label>
                <label className="grid gap-1 text-sm font-medium text-slate-700">
                  {t.to}
                  <Input
                    type="date"
                    aria-label={`${label} ${t.to}`}
                    value={entry.to}
                    onChange={(e) => set(i, { to: e.target.value })}
                    className="h-10 w-44"
                  />
                </label>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={t.removeSpecialLabel(i + 1)}
                  onClick={() => onChange(list.filter((_, j) => j !== i))}
                >
                  {t.removeSpecial}
                </Button>
              </div>
              <Checkbox
                id={`special-${i}-closed`}
                label={t.closedAllDay}
                checked={entry.closed}
                onChange={(e) => set(i, { closed: e.target.checked, spans: entry.spans.length > 0 ? entry.spans : [newSpan()] })}
                aria-label={`${label} ${t.closedAllDay}`}
              />
              {!entry.closed && <SpansEditor label={label} spans={entry.spans} onChange={(spans) => set(i, { spans })} />}
              <label className="grid gap-1 text-sm font-medium text-slate-700">
                {t.note}
                <Input
                  aria-label={`${label} ${t.note}`}
                  placeholder={t.notePlaceholder}
                  maxLength={200}
                  value={entry.note}
                  onChange={(e) => set(i, { note: e.target.value })}
                />
              </label>
            </li>
          )
        })}
      </ul>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <Button type="button" variant="outline" size="sm" onClick={() => onChange([...list, blank()])}>
        <Plus aria-hidden="true" />
        {t.addSpecial}
      </Button>
    </fieldset>
  )
}
