// "Back up now": asks for a backup, then reads the overview every two seconds while one
// is under way (asked for here, by a colleague, or on schedule) until it is made or has
// failed; a made one is confirmed in the admin's toast.
import { useEffect, useState } from 'react'
import { useAdminGuard } from '@/features/admin/guard/admin-guard'
import type { Status } from '@/components/ui/status-message'
import { failureText } from '@/lib/network-error'
import { useBackupOverview } from './api/get-backup-overview'
import { useRequestBackup } from './api/request-backup'
import { backupProgress } from './backup-progress'
import { backupTexts } from './texts'

const pollMs = 2000

export function useBackupNow() {
  const overview = useBackupOverview()
  const { data, refetch } = overview
  const guard = useAdminGuard()
  const { mutate: request, isPending } = useRequestBackup()
  const [runId, setRunId] = useState<number | null>(null)
  const [requestError, setRequestError] = useState<string | null>(null)
  const progress = backupProgress(data, runId)
  const busy = isPending || progress.kind === 'waiting' || Boolean(data?.in_progress)

  // The cache may hold a read from an earlier visit: a scheduled backup may have run since.
  useEffect(() => {
    void refetch()
  }, [refetch])

  useEffect(() => {
    if (!busy) return
    const timer = window.setInterval(() => void refetch(), pollMs)
    return () => window.clearInterval(timer)
  }, [busy, refetch])

  const madeId = progress.kind === 'done' ? progress.run.id : null
  useEffect(() => {
    if (madeId !== null) guard.showSaved(backupTexts.made)
  }, [madeId, guard])

  async function backUpNow() {
    setRequestError(null)
    const result = await request()
    if (!result.success) {
      console.error('Error requesting a backup:', result.error)
      setRequestError(failureText(backupTexts.requestFailed, result.error))
      return
    }
    setRunId(result.data)
    await refetch()
  }

  let status: Status | null = null
  if (requestError) status = { text: requestError, tone: 'error' }
  else if (progress.kind === 'done') status = { text: backupTexts.made, tone: 'success' }
  else if (progress.kind === 'failed') status = { text: backupTexts.madeFailed, tone: 'error' }

  return { overview, busy, backUpNow, status }
}
