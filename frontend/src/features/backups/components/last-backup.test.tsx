import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { BackupOverview } from '../api/get-backup-overview'
import { LastBackup } from './last-backup'

const now = new Date(2026, 10, 26, 14, 30)
const local = (d: number, h: number, m: number) => new Date(2026, 10, d, h, m).toISOString()

const base: BackupOverview = {
  last: null,
  last_success: null,
  in_progress: false,
  schedule: '0 3 * * *',
  next_scheduled_at: local(27, 3, 0),
  recent: [],
}

describe('LastBackup', () => {
  it('says there is none yet, and when the next scheduled one runs', () => {
    render(<LastBackup overview={base} now={now} />)
    expect(screen.getByTestId('last-backup').textContent).toContain('No backup yet.')
    expect(screen.getByTestId('next-backup').textContent).toContain('Tomorrow at 03:00')
  })

  it('shows a good backup by when, size (exact bytes on hover) and that it worked', () => {
    const done = {
      name: 'a',
      trigger: 'schedule',
      size_bytes: 1_572_864,
      started_at: local(26, 3, 0),
      finished_at: local(26, 3, 0),
    } as const
    render(<LastBackup overview={{ ...base, last: { ...done, status: 'done', error: null }, last_success: done }} now={now} />)
    const last = screen.getByTestId('last-backup')
    expect(last.textContent).toContain('Today at 03:00')
    expect(last.textContent).toContain('Worked')
    const size = screen.getByTestId('last-backup-size')
    expect(size.textContent).toBe('1.5 MB')
    expect(size.getAttribute('title')).toBe('1,572,864 bytes')
  })

  it('shows a failure plainly: the reason, what to do, and the last good one', () => {
    const good = { name: 'a', trigger: 'schedule', size_bytes: 2048, started_at: local(25, 3, 0), finished_at: local(25, 3, 0) } as const
    const failed = {
      name: null,
      trigger: 'schedule',
      status: 'failed',
      size_bytes: null,
      error: 'pg_dump: error: connection to server failed',
      started_at: local(26, 3, 0),
      finished_at: local(26, 3, 1),
    } as const
    render(<LastBackup overview={{ ...base, last: failed, last_success: good }} now={now} />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('pg_dump: error: connection to server failed')
    expect(alert.textContent).toContain('Try “Back up now”. If it fails again')
    expect(screen.getByTestId('last-backup').textContent).toContain('Today at 03:01')
    expect(screen.getByText('Last good backup: Yesterday at 03:00 (2.0 KB)')).toBeTruthy()
  })

  it('says nobody is emailed about failures when the server sends no mail', () => {
    render(<LastBackup overview={base} mailOff now={now} />)
    expect(screen.getByTestId('next-backup').textContent).toContain('Email is not set up on this server, so nobody is emailed')
  })

  it('says scheduled backups are off when the schedule is off or unknown', () => {
    for (const schedule of ['off', null]) {
      const { unmount } = render(<LastBackup overview={{ ...base, schedule, next_scheduled_at: null }} now={now} />)
      expect(screen.getByTestId('next-backup').textContent).toBe('Next scheduled backupScheduled backups are off')
      unmount()
    }
  })
})
