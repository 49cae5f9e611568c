// Where the backup the owner asked for stands, read from the overview: still under way
// (keep asking every couple of seconds), made, or failed.
import type { BackupOverview, BackupRun } from './api/get-backup-overview'

export type BackupProgress = { kind: 'idle' } | { kind: 'waiting' } | { kind: 'done'; run: BackupRun } | { kind: 'failed'; run: BackupRun }

export function backupProgress(overview: BackupOverview | undefined, runId: number | null): BackupProgress {
  if (runId === null) return { kind: 'idle' }
  const run = overview?.recent.find((r) => r.id === runId)
  if (run?.status === 'done') return { kind: 'done', run }
  if (run?.status === 'failed') return { kind: 'failed', run }
  if (run) return { kind: 'waiting' }
  // Not listed: an overview read before the request was made (nothing as new in it) is
  // waited past; one that lists newer runs and nothing under way means it is gone.
  if (!overview || overview.in_progress || !overview.recent.some((r) => r.id >= runId)) return { kind: 'waiting' }
  return { kind: 'idle' }
}
