// What the Backups section shows (rpc('backup_overview'), editors only): the last backup,
// the last good one, whether one is under way, the next scheduled time and recent runs.
import { supabase } from '@/lib/supabase'
import { useQuery } from '@/lib/use-query'

export type BackupTrigger = 'schedule' | 'request' | 'cli'
export type BackupStatus = 'pending' | 'running' | 'done' | 'failed'

export interface BackupRun {
  id: number
  name: string | null
  trigger: BackupTrigger
  status: BackupStatus
  size_bytes: number | null
  error: string | null
  created_at: string
  started_at: string | null
  finished_at: string | null
}

export interface FinishedBackup {
  name: string | null
  trigger: BackupTrigger
  status: 'done' | 'failed'
  size_bytes: number | null
  error: string | null
  started_at: string | null
  finished_at: string | null
}

export interface BackupOverview {
  last: FinishedBackup | null
  last_success: Omit<FinishedBackup, 'status' | 'error'> | null
  in_progress: boolean
  /** The schedule the server runs ("off" or null: no scheduled backups). */
  schedule: string | null
  next_scheduled_at: string | null
  /** The ten latest runs, newest first. */
  recent: BackupRun[]
}

export async function getBackupOverview(): Promise<BackupOverview> {
  const { data, error } = await supabase.rpc('backup_overview')
  if (error) throw error
  // The function returns json: its shape is this module's, not the schema's.
  return data as unknown as BackupOverview
}

export function useBackupOverview() {
  return useQuery('backup_overview', getBackupOverview)
}
