import { describe, expect, it } from 'vitest'
import type { BackupOverview, BackupRun } from './api/get-backup-overview'
import { backupProgress } from './backup-progress'

const run = (id: number, status: BackupRun['status']): BackupRun => ({
  id,
  name: status === 'done' ? `backup-${id}` : null,
  trigger: 'request',
  status,
  size_bytes: status === 'done' ? 4096 : null,
  error: status === 'failed' ? 'pg_dump failed' : null,
  created_at: '2026-11-26T10:00:00Z',
  started_at: null,
  finished_at: null,
})

const overview = (
  recent: BackupRun[],
  inProgress = recent.some((r) => r.status === 'pending' || r.status === 'running'),
): BackupOverview => ({
  last: null,
  last_success: null,
  in_progress: inProgress,
  schedule: '0 3 * * *',
  next_scheduled_at: null,
  recent,
})

describe('backupProgress', () => {
  it('is idle when nothing was asked for', () => {
    expect(backupProgress(overview([run(1, 'running')]), null)).toEqual({ kind: 'idle' })
  })

  it('waits while the run asked for is waiting or running', () => {
    expect(backupProgress(overview([run(7, 'pending')]), 7)).toEqual({ kind: 'waiting' })
    expect(backupProgress(overview([run(7, 'running'), run(6, 'done')]), 7)).toEqual({ kind: 'waiting' })
  })

  it('waits past an overview read before the request (nothing as new in it)', () => {
    expect(backupProgress(undefined, 7)).toEqual({ kind: 'waiting' })
    expect(backupProgress(overview([run(6, 'done')]), 7)).toEqual({ kind: 'waiting' })
  })

  it('ends with the run when it is made or has failed', () => {
    const made = run(7, 'done')
    expect(backupProgress(overview([made, run(6, 'failed')]), 7)).toEqual({ kind: 'done', run: made })
    const failed = run(7, 'failed')
    expect(backupProgress(overview([failed]), 7)).toEqual({ kind: 'failed', run: failed })
  })

  it('stops waiting for a run no longer listed once newer ones are and none is under way', () => {
    const newer = Array.from({ length: 10 }, (_, i) => run(20 - i, 'done'))
    expect(backupProgress(overview(newer, false), 7)).toEqual({ kind: 'idle' })
  })
})
