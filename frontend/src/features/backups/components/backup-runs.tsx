// The latest backups, newest first: when, how it was started, whether it worked, its size.
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/cn'
import type { BackupRun } from '../api/get-backup-overview'
import { formatWhen } from '../backup-format'
import { backupTexts } from '../texts'
import { BackupSize } from './backup-size'

const statusClass: Record<BackupRun['status'], string> = {
  pending: 'bg-slate-100 text-slate-700',
  running: 'bg-amber-100 text-amber-900',
  done: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
}

export function BackupRuns({ runs, now = new Date() }: { runs: BackupRun[]; now?: Date }) {
  if (runs.length === 0) return <p className="text-sm text-slate-500">{backupTexts.recentEmpty}</p>
  return (
    <ul className="divide-y divide-slate-200" aria-label={backupTexts.recentTitle}>
      {runs.map((run) => (
        <li
          key={run.id}
          data-testid="backup-run"
          data-status={run.status}
          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3"
        >
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{formatWhen(run.finished_at ?? run.started_at ?? run.created_at, now)}</p>
            <p className="text-sm text-slate-500">{backupTexts.trigger[run.trigger]}</p>
            {run.status === 'failed' && run.error && <p className="mt-1 text-xs break-words text-red-700">{run.error}</p>}
          </div>
          <div className="flex items-center gap-3 text-sm">
            {run.status === 'done' && run.size_bytes !== null && <BackupSize bytes={run.size_bytes} />}
            <Badge className={cn(statusClass[run.status])}>{backupTexts.status[run.status]}</Badge>
          </div>
        </li>
      ))}
    </ul>
  )
}
