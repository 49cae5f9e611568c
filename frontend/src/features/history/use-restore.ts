//! Restoring a recorded version (of a row, or of a deleted item), shared by the History
//! list and Recently deleted: which one is being restored, the message afterwards, and the
//! reads again of the section and of the list itself.
import { useState } from 'react'
import type { Status } from '@/components/ui/status-message'
import { historyTexts as t } from '@/config/history'
import { failureText } from '@/lib/network-error'
import { settle } from '@/lib/use-mutation'
import { restoreRevision, type ContentRevision } from './api/content-revisions'

interface RestoreOptions {
  /** Reads the section again after a restore. */
  onRestored: () => Promise<unknown>
  /** Reads the list the version was chosen from again. */
  refetch: () => Promise<unknown>
  /** Said once it worked. */
  done: string
  /** Console prefix of a failure (its cause is only logged). */
  log: string
}

export function useRestore({ onRestored, refetch, done, log }: RestoreOptions) {
  const [status, setStatus] = useState<Status | null>(null)
  const [restoring, setRestoring] = useState<number | null>(null)

  async function restore(revision: ContentRevision) {
    setRestoring(revision.id)
    setStatus(null)
    const result = await settle(() => restoreRevision(revision.id))
    if (result.success) {
      await onRestored()
      await refetch()
      setStatus({ text: done })
    } else {
      console.error(log, result.error)
      setStatus({ text: failureText(t.restoreFailed, result.error), tone: 'error' })
    }
    setRestoring(null)
  }

  return { status, setStatus, restoring, restore }
}
