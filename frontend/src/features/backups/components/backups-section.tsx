// The admin's Backups section: the last backup and the next scheduled one, "Back up now"
// (disabled while one is under way), "Download latest backup", what a backup holds, and
// the recent runs.
import { DatabaseBackup, Download, ShieldAlert } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { PanelHeader } from '@/components/ui/panel-header'
import { PanelContent } from '@/components/ui/panel-state'
import { StatusMessage, type Status } from '@/components/ui/status-message'
import { useMailNotSetUp } from '@/features/auth/api/get-mail-status'
import { failureText } from '@/lib/network-error'
import { useDownloadLatestBackup } from '../api/download-latest-backup'
import { backupTexts } from '../texts'
import { useBackupNow } from '../use-backup-now'
import { BackupRuns } from './backup-runs'
import { LastBackup } from './last-backup'

export function BackupsSection() {
  const { overview, busy, backUpNow, status } = useBackupNow()
  const { data, isLoading, error, refetch } = overview
  const { mutate: download, isPending: preparing } = useDownloadLatestBackup()
  const [downloadStatus, setDownloadStatus] = useState<Status | null>(null)
  const mailOff = useMailNotSetUp()

  async function onDownload() {
    setDownloadStatus(null)
    const result = await download()
    if (!result.success) {
      console.error('Error preparing the backup download:', result.error)
      setDownloadStatus({ text: failureText(backupTexts.downloadFailed, result.error), tone: 'error' })
    } else if (!result.data) {
      setDownloadStatus({ text: backupTexts.downloadNone, tone: 'error' })
    }
  }

  return (
    <section aria-labelledby="backups-title" className="space-y-6">
      <PanelHeader title={<span id="backups-title">{backupTexts.title}</span>} subtitle={backupTexts.subtitle} />
      <PanelContent data={data} isLoading={isLoading} error={error} onRetry={refetch}>
        {data && (
          <>
            <Card className="space-y-6 p-6 sm:p-8">
              <LastBackup overview={data} mailOff={mailOff} />
              <div className="space-y-3 border-t border-slate-200 pt-6">
                <div className="flex flex-wrap items-center gap-3">
                  <Button onClick={() => void backUpNow()} disabled={busy} className="max-sm:w-full">
                    <DatabaseBackup aria-hidden="true" />
                    {busy ? backupTexts.backingUp : backupTexts.backUpNow}
                  </Button>
                  <Button
                    variant="outline"
                    onClick={() => void onDownload()}
                    disabled={preparing || !data.last_success}
                    className="max-sm:w-full"
                  >
                    <Download aria-hidden="true" />
                    {preparing ? backupTexts.downloadPreparing : backupTexts.download}
                  </Button>
                </div>
                {busy && (
                  <p role="status" className="text-sm text-slate-600">
                    {backupTexts.backingUpHint}
                  </p>
                )}
                <div className="flex flex-wrap gap-2" data-testid="backup-status">
                  <StatusMessage status={status} />
                  <StatusMessage status={downloadStatus} />
                </div>
                <p className="flex items-start gap-2 text-sm text-slate-600">
                  <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
                  {backupTexts.holds}
                </p>
              </div>
            </Card>
            <Card className="p-6 sm:p-8">
              <h3 className="mb-2 font-display text-xl font-semibold text-slate-950">{backupTexts.recentTitle}</h3>
              <BackupRuns runs={data.recent} />
            </Card>
          </>
        )}
      </PanelContent>
    </section>
  )
}
