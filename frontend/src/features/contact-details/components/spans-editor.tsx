// The time spans of one day or special date: two 24-hour time fields per span (typed as
// the site prints them, "9:00"), a button to add a span (a lunch break) and one to remove.
import { Plus, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import type { TimeSpan } from '../opening-hours'
import { hoursEditorTexts as t } from '../texts'

interface SpansEditorProps {
  /** Names the fields: "Monday" gives "Monday Opens", "Monday span 2 opens". */
  label: string
  spans: TimeSpan[]
  onChange: (spans: TimeSpan[]) => void
}

export const newSpan = (after?: TimeSpan): TimeSpan => (after ? { opens: after.closes, closes: '' } : { opens: '9:00', closes: '17:00' })

export function SpansEditor({ label, spans, onChange }: SpansEditorProps) {
  const set = (index: number, change: Partial<TimeSpan>) => onChange(spans.map((span, i) => (i === index ? { ...span, ...change } : span)))
  const timeField = (index: number, which: 'opens' | 'closes') => (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={t.timePlaceholder}
      maxLength={5}
      aria-label={which === 'opens' ? t.opensLabel(label, index + 1) : t.closesLabel(label, index + 1)}
      value={spans[index][which]}
      onChange={(e) => set(index, { [which]: e.target.value })}
      className="h-10 w-20 text-center tabular-nums"
    />
  )

  return (
    <div className="flex flex-wrap items-center gap-2">
      {spans.map((_, i) => (
        <div key={i} className="flex items-center gap-1.5" data-testid="hours-span">
          {timeField(i, 'opens')}
          <span aria-hidden="true" className="text-slate-500">
            –
          </span>
          {timeField(i, 'closes')}
          {spans.length > 1 && (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={t.removeSpanLabel(label, i + 1)}
              onClick={() => onChange(spans.filter((__, j) => j !== i))}
            >
              <X aria-hidden="true" />
            </Button>
          )}
        </div>
      ))}
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-label={t.addSpanLabel(label)}
        onClick={() => onChange([...spans, newSpan(spans[spans.length - 1])])}
      >
        <Plus aria-hidden="true" />
        {t.addSpan}
      </Button>
    </div>
  )
}
