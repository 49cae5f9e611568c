// The last backup (when, its size, whether it worked; a failure's reason and what to do)
// and the next scheduled one.
import { CircleAlert, CircleCheck } from 'lucide-react'
import type { BackupOverview } from '../api/get-backup-overview'
import { formatSize, formatWhen } from '../backup-format'
import { backupTexts } from '../texts'
import { BackupSize } from './backup-size'

interface LastBackupProps {
  overview: BackupOverview
  /** The server sends no mail, so a failing schedule mails nobody. */
  mailOff?: boolean
  /** The viewer's "now", for Today / Yesterday (tests pass a fixed one). */
  now?: Date
}

export function LastBackup({ overview, mailOff = false, now = new Date() }: LastBackupProps) {
  const { last, last_success: lastGood } = overview
  const scheduleOff = !overview.schedule || overview.schedule.trim().toLowerCase() === 'off'
  return (
    <dl className="grid gap-5 sm:grid-cols-2">
      <div className="min-w-0" data-testid="last-backup">
        <dt className="text-sm font-medium text-slate-500">{backupTexts.lastTitle}</dt>
        <dd className="mt-1 text-slate-900">
          {!last ? (
            <p>{backupTexts.none}</p>
          ) : last.status === 'done' ? (
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-semibold">{formatWhen(last.finished_at ?? last.started_at ?? '', now)}</span>
              {last.size_bytes !== null && (
                <>
                  <span aria-hidden="true">·</span>
                  <BackupSize bytes={last.size_bytes} testId="last-backup-size" />
                </>
              )}
              <span className="inline-flex items-center gap-1 font-medium text-green-700">
                <CircleCheck aria-hidden="true" className="size-4" />
                {backupTexts.worked}
              </span>
            </p>
          ) : (
            <div className="space-y-2">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-semibold">{formatWhen(last.finished_at ?? last.started_at ?? '', now)}</span>
                <span className="inline-flex items-center gap-1 font-medium text-red-700">
                  <CircleAlert aria-hidden="true" className="size-4" />
                  {backupTexts.failed}
                </span>
              </p>
              <div role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                <p>{backupTexts.failedWhat}</p>
                {last.error && <p className="mt-1 font-mono text-xs break-words whitespace-pre-wrap">{last.error}</p>}
                <p className="mt-2">{backupTexts.failedTodo}</p>
              </div>
              {lastGood && lastGood.size_bytes !== null && (
                <p className="text-sm text-slate-600">
                  {backupTexts.lastGood(formatWhen(lastGood.finished_at ?? '', now), formatSize(lastGood.size_bytes))}
                </p>
              )}
            </div>
          )}
        </dd>
      </div>
      <div className="min-w-0" data-testid="next-backup">
        <dt className="text-sm font-medium text-slate-500">{backupTexts.nextTitle}</dt>
        <dd className="mt-1 text-slate-900">
          <p className="font-semibold">
            {scheduleOff
              ? backupTexts.scheduleOff
              : overview.next_scheduled_at
                ? formatWhen(overview.next_scheduled_at, now)
                : backupTexts.nextUnknown}
          </p>
          {!scheduleOff && (
            <p className="mt-1 text-sm text-slate-600">{mailOff ? backupTexts.failedMailHintNoMail : backupTexts.failedMailHint}</p>
          )}
        </dd>
      </div>
    </dl>
  )
}
