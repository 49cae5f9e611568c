// The progress bars of running uploads and the messages of refused files.
import { CircleAlert } from 'lucide-react'
import type { UploadTask } from '../use-uploader'

export function UploadStatus({ tasks, errors }: { tasks: readonly UploadTask[]; errors: readonly string[] }) {
  return (
    <>
      {tasks.map((task) => {
        const percent = Math.round(task.progress * 100)
        const text =
          task.phase === 'uploading'
            ? `Uploading ${task.name}: ${percent}%`
            : task.phase === 'preparing'
              ? `Preparing ${task.name}…`
              : `Waiting: ${task.name}`
        return (
          <div key={task.id} className="space-y-1" data-testid="upload-progress">
            <p className="truncate text-xs text-slate-600">{text}</p>
            <div
              role="progressbar"
              aria-label={`Uploading ${task.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
            </div>
          </div>
        )
      })}
      {errors.map((error) => (
        <p key={error} role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      ))}
    </>
  )
}
