//! The toast at the bottom of the admin: "… deleted. Undo" for the undo window (Undo
//! calls back and closes it at once), or a save's confirmation. One at a time: a new one
//! replaces the one shown.
import { Undo2 } from 'lucide-react'
import { useEffect } from 'react'
import { guardTexts } from '@/config/admin-guard'
import { cn } from '@/lib/cn'

export interface UndoToastState {
  key: number
  text: string
  /** Absent for a confirmation (no Undo button). */
  onUndo?: () => void
  durationMs: number
}

export function UndoToast({ toast, onDone }: { toast: UndoToastState | null; onDone: () => void }) {
  useEffect(() => {
    if (!toast) return
    const timer = window.setTimeout(onDone, toast.durationMs)
    return () => window.clearTimeout(timer)
  }, [toast, onDone])

  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
      {toast && (
        <div
          data-testid={toast.onUndo ? 'undo-toast' : 'saved-toast'}
          role="status"
          className="pointer-events-auto flex max-w-full items-center gap-4 rounded-full bg-slate-900 py-2 pr-2 pl-5 text-sm text-white shadow-xl"
        >
          <span className={cn('min-w-0 break-words', !toast.onUndo && 'py-1.5 pr-3')}>{toast.text}</span>
          {toast.onUndo && (
            <button
              type="button"
              onClick={() => {
                toast.onUndo?.()
                onDone()
              }}
              className="inline-flex shrink-0 cursor-pointer items-center gap-1.5 rounded-full bg-white px-4 py-1.5 font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <Undo2 aria-hidden="true" className="size-4" />
              {guardTexts.undo}
            </button>
          )}
        </div>
      )}
    </div>
  )
}
