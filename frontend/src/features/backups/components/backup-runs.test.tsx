import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { BackupRun } from '../api/get-backup-overview'
import { BackupRuns } from './backup-runs'

const now = new Date(2026, 10, 26, 14, 30)
const local = (d: number, h: number, m: number) => new Date(2026, 10, d, h, m).toISOString()
const run = (id: number, fields: Partial<BackupRun>): BackupRun => ({
  id,
  name: null,
  trigger: 'schedule',
  status: 'pending',
  size_bytes: null,
  error: null,
  created_at: local(26, 14, 0),
  started_at: null,
  finished_at: null,
  ...fields,
})

describe('BackupRuns', () => {
  it('lists each run newest first: when, how it started, whether it worked, and the size of a made one', () => {
    render(
      <BackupRuns
        now={now}
        runs={[
          run(4, { trigger: 'request', status: 'pending', created_at: local(26, 14, 29) }),
          run(3, { trigger: 'cli', status: 'running', started_at: local(26, 14, 20) }),
          run(2, { status: 'failed', error: 'disk full', finished_at: local(26, 3, 2) }),
          run(1, { status: 'done', name: 'a.tar', size_bytes: 840 * 1024, finished_at: local(25, 3, 1) }),
        ]}
      />,
    )
    const rows = screen.getAllByTestId('backup-run')
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['pending', 'running', 'failed', 'done'])
    expect(rows[0].textContent).toContain('Today at 14:29')
    expect(rows[0].textContent).toContain('Back up now')
    expect(rows[0].textContent).toContain('Waiting to start')
    expect(rows[1].textContent).toContain('From the server')
    expect(rows[1].textContent).toContain('Backing up…')
    expect(rows[2].textContent).toContain('disk full')
    expect(rows[2].textContent).toContain('Failed')
    expect(rows[3].textContent).toContain('Yesterday at 03:01')
    expect(within(rows[3]).getByTitle('860,160 bytes').textContent).toBe('840 KB')
  })

  it('says when there are none', () => {
    render(<BackupRuns runs={[]} now={now} />)
    expect(screen.getByText('No backups yet.')).toBeTruthy()
  })
})
