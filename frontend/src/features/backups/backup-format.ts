// A backup's time and size as the owner reads them: "Today at 03:00", "Yesterday at
// 21:15", "Mon, Nov 23 at 03:00"; "840 KB", "12.4 MB". Times are the viewer's own clock.
import { backupTexts } from './texts'

const pad = (n: number) => String(n).padStart(2, '0')

/** Local calendar days from `now`'s day to `date`'s (-1 yesterday, 0 today, 1 tomorrow). */
function dayOffset(date: Date, now: Date): number {
  const day = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate())
  return Math.round((day(date) - day(now)) / 86_400_000)
}

/** When, in words: today, yesterday or tomorrow by name, otherwise the day (and year when not this one). */
export function formatWhen(iso: string, now: Date = new Date()): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`
  const offset = dayOffset(date, now)
  if (offset === 0) return backupTexts.today(time)
  if (offset === -1) return backupTexts.yesterday(time)
  if (offset === 1) return backupTexts.tomorrow(time)
  const sameYear = date.getFullYear() === now.getFullYear()
  const day = date.toLocaleDateString('en-US', {
    weekday: sameYear ? 'short' : undefined,
    month: 'short',
    day: 'numeric',
    year: sameYear ? undefined : 'numeric',
  })
  return backupTexts.onDay(day, time)
}

const units = ['KB', 'MB', 'GB', 'TB'] as const

/** Bytes in KB, MB, GB (of 1024): one decimal below 10, whole numbers above. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return ''
  if (bytes < 1024) return backupTexts.bytes(bytes)
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  // 1023.96 KB rounds to "1024 KB": say "1.0 MB" instead.
  if (Math.round(value) >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  const shown = value < 10 ? value.toFixed(1) : String(Math.round(value))
  return `${shown} ${units[unit]}`
}

/** The exact count, for a size's tooltip: "1,234,567 bytes". */
export function exactSize(bytes: number): string {
  return backupTexts.exactBytes(bytes.toLocaleString('en-US'))
}
