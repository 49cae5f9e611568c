// Uploads chosen or dropped files one after another (so they arrive in the order chosen),
// with each one's progress, the messages of those refused, and whether any is still
// running (a form may not be saved meanwhile, and leaving asks first: the photo would be lost).
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useUnsavedWhile } from '@/features/admin/guard/use-unsaved-changes'
import { checkImageFile } from './file-validation'
import type { MediaFolder } from './media-config'
import { uploadImage } from './upload-image'

export interface UploadTask {
  id: number
  name: string
  /** 0 to 1; while 'preparing' the photo is being scaled in the browser. */
  progress: number
  phase: 'waiting' | 'preparing' | 'uploading'
}

interface UploaderOptions {
  folder: MediaFolder
  hint?: string
  /** Called with each stored address as its upload finishes, in the order chosen. */
  onUploaded: (address: string) => void
  onBusyChange?: (busy: boolean) => void
}

let nextId = 1

export function useUploader({ folder, hint, onUploaded, onBusyChange }: UploaderOptions) {
  const [tasks, setTasks] = useState<UploadTask[]>([])
  const [errors, setErrors] = useState<string[]>([])
  const latest = useRef({ onUploaded, onBusyChange, hint })
  useLayoutEffect(() => {
    latest.current = { onUploaded, onBusyChange, hint }
  })
  const busy = tasks.length > 0
  useUnsavedWhile(busy)

  useEffect(() => {
    latest.current.onBusyChange?.(busy)
  }, [busy])

  const update = (id: number, change: Partial<UploadTask>) =>
    setTasks((current) => current.map((task) => (task.id === id ? { ...task, ...change } : task)))

  async function upload(files: readonly File[]) {
    const refused: string[] = []
    const queued: { file: File; task: UploadTask }[] = []
    for (const file of files) {
      const check = checkImageFile(file)
      if (!check.ok) refused.push(check.message)
      else queued.push({ file, task: { id: nextId++, name: file.name, progress: 0, phase: 'waiting' } })
    }
    setErrors(refused)
    if (queued.length === 0) return
    setTasks((current) => [...current, ...queued.map((q) => q.task)])
    for (const { file, task } of queued) {
      try {
        const address = await uploadImage({
          file,
          folder,
          hint: latest.current.hint,
          onPreparing: () => update(task.id, { phase: 'preparing' }),
          onProgress: (progress) => update(task.id, { phase: 'uploading', progress }),
        })
        latest.current.onUploaded(address)
      } catch (error) {
        console.error('Error uploading a photo:', error)
        const message = error instanceof Error && error.message ? error.message : `“${file.name}” could not be uploaded. Please try again.`
        setErrors((current) => [...current, message])
      } finally {
        setTasks((current) => current.filter((t) => t.id !== task.id))
      }
    }
  }

  return { tasks, errors, busy, upload, clearErrors: () => setErrors([]) }
}
