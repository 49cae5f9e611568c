// The weekly opening hours form: for each day open or closed, and its opening and closing
// times; below, the hours as the site will print them.
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { formatWeek, type DayHours, type Week } from '../opening-hours'
import { contactDetailsTexts as t } from '../texts'

interface HoursFieldsetProps {
  week: Week
  error?: string
  onChange: (week: Week) => void
}

export function HoursFieldset({ week, error, onChange }: HoursFieldsetProps) {
  const set = (index: number, change: Partial<DayHours>) => onChange(week.map((day, i) => (i === index ? { ...day, ...change } : day)))

  return (
    <fieldset aria-describedby="hours-preview" aria-invalid={error ? true : undefined}>
      <legend className="sr-only">{t.hoursTitle}</legend>
      <ul className="divide-y divide-slate-100">
        {week.map((day, i) => (
          <li key={day.day} data-testid="hours-day" className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2.5">
            <span className="w-28 font-medium text-slate-900">{day.day}</span>
            <Checkbox
              id={`hours-${day.day}-open`}
              label={t.open}
              checked={day.open}
              onChange={(e) => set(i, { open: e.target.checked })}
              aria-label={`${day.day} open`}
            />
            {day.open ? (
              <div className="flex items-center gap-2">
                <Input
                  type="time"
                  aria-label={`${day.day} ${t.opens}`}
                  value={day.opens}
                  onChange={(e) => set(i, { opens: e.target.value })}
                  className="h-10 w-36"
                />
                <span aria-hidden="true" className="text-slate-500">
                  –
                </span>
                <Input
                  type="time"
                  aria-label={`${day.day} ${t.closes}`}
                  value={day.closes}
                  onChange={(e) => set(i, { closes: e.target.value })}
                  className="h-10 w-36"
                />
              </div>
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
