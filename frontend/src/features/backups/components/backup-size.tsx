// A backup's size in KB/MB, with the exact byte count on hover (and for tests comparing it
// with the downloaded file).
import { exactSize, formatSize } from '../backup-format'

export function BackupSize({ bytes, testId }: { bytes: number; testId?: string }) {
  return (
    <span title={exactSize(bytes)} data-bytes={bytes} data-testid={testId} className="tabular-nums">
      {formatSize(bytes)}
    </span>
  )
}
