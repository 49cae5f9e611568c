// The weekly opening hours form: for each day open or closed, and its time spans (a day
// may have a break: 9:00–12:30 and 14:00–18:00); below, the hours as the site prints them.
import { Checkbox } from '@/components/ui/checkbox'
import { formatWeek, type DayHours, type Week } from '../opening-hours'
import { contactDetailsTexts as t, hoursEditorTexts } from '../texts'
import { newSpan, SpansEditor } from './spans-editor'

interface HoursFieldsetProps {
  week: Week
  error?: string
  onChange: (week: Week) => void
}

export function HoursFieldset({ week, error, onChange }: HoursFieldsetProps) {
  const set = (index: number, change: Partial<DayHours>) => onChange(week.map((day, i) => (i === index ? { ...day, ...change } : day)))

  return (
    <fieldset aria-describedby="hours-hint hours-preview" aria-invalid={error ? true : undefined}>
      <legend className="sr-only">{t.hoursTitle}</legend>
      <p id="hours-hint" className="text-sm text-slate-600">
        {hoursEditorTexts.timeHint}
      </p>
      <ul className="divide-y divide-slate-100">
        {week.map((day, i) => (
          <li key={day.day} data-testid="hours-day" className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2.5">
            <span className="w-24 font-medium text-slate-900">{day.day}</span>
            <Checkbox
              id={`hours-${day.day}-open`}
              label={t.open}
              checked={day.open}
              onChange={(e) => set(i, { open: e.target.checked, spans: day.spans.length > 0 ? day.spans : [newSpan()] })}
              aria-label={`${day.day} open`}
            />
            {day.open ? (
              <SpansEditor label={day.day} spans={day.spans} onChange={(spans) => set(i, { spans })} />
            ) : (
              <span className="text-sm text-slate-500">{t.closed}</span>
            )}
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <p id="hours-preview" className="mt-3 text-sm text-slate-600">
        {t.hoursPreview}:{' '}
        <span data-testid="hours-preview" className="font-medium text-slate-900">
          {formatWeek(week)}
        </span>
      </p>
    </fieldset>
  )
}
