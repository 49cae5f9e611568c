// The upcoming holidays and other special dates under the opening hours, in the site's
// language; past ones are left out (the visitor's today).
import {
  formatDates,
  formatSpecialHours,
  localToday,
  parseSpecialHours,
  upcomingSpecialHours,
} from '@/features/contact-details/special-hours'
import { siteLanguage } from '@/lib/site-language'
import { useSiteSettings } from '@/features/site/api/get-site-settings'
import { contactSectionTexts as t } from '../texts'

export function SpecialHoursList({ value }: { value: unknown }) {
  const { data: settings } = useSiteSettings()
  const upcoming = upcomingSpecialHours(parseSpecialHours(value), localToday())
  if (upcoming.length === 0) return null
  const language = siteLanguage(settings?.site_language)
  return (
    <div className="mt-2" data-testid="special-hours-list">
      <p className="text-sm font-semibold text-primary-foreground">{t.specialTitle}</p>
      <ul className="mt-1 space-y-0.5 text-sm text-slate-300">
        {upcoming.map((entry) => (
          <li key={`${entry.from}-${entry.to}`}>
            {formatDates(entry, language)}: {formatSpecialHours(entry)}
            {entry.note && ` (${entry.note})`}
          </li>
        ))}
      </ul>
    </div>
  )
}
