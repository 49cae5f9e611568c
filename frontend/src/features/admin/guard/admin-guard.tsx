//! The admin's safety nets, shared by every editor through one context: which forms hold
//! unsaved changes (asked about on a section switch, on Cancel, and by the browser on
//! reload or close), the in-app confirmation dialog, the toast (undo, or a save's
//! confirmation), and the deletions still waiting for their undo window (sent at once
//! when the page goes away).
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { guardTexts } from '@/config/admin-guard'
import { ConfirmDialog, type ConfirmRequest } from './confirm-dialog'
import { UndoToast, type UndoToastState } from './undo-toast'

export interface AdminGuard {
  setDirty: (key: string, dirty: boolean) => void
  /** Asks, in the app's own dialog; resolves true for the confirm button. */
  confirm: (request: ConfirmRequest) => Promise<boolean>
  /** Asks whether to delete (the question given, the delete dialog's title and buttons). */
  confirmDelete: (message: string) => Promise<boolean>
  /** True at once when nothing is unsaved, else the discard question's answer. */
  confirmDiscard: () => Promise<boolean>
  showUndo: (text: string, onUndo: () => void) => void
  /** Confirms a save in the toast's place (replacing an undo toast would lose its Undo: then it waits). */
  showSaved: (text: string) => void
  /** Registers work to run before the page unloads (pending deletions); returns its removal. */
  onUnload: (flush: () => void) => () => void
}

/** Long enough to be read after a glance back from the field typed in. */
const savedToastMs = 4000

const GuardContext = createContext<AdminGuard | null>(null)

export function useAdminGuard(): AdminGuard {
  const guard = useContext(GuardContext)
  if (!guard) throw new Error('useAdminGuard must be used inside <AdminGuardProvider>')
  return guard
}

interface Pending {
  request: ConfirmRequest
  resolve: (confirmed: boolean) => void
}

export function AdminGuardProvider({ children }: { children: ReactNode }) {
  const dirty = useRef(new Set<string>())
  const flushers = useRef(new Set<() => void>())
  const [question, setQuestion] = useState<Pending | null>(null)
  const [toast, setToast] = useState<UndoToastState | null>(null)

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      flushers.current.forEach((flush) => flush())
      if (dirty.current.size === 0) return
      event.preventDefault()
      // Older browsers only ask when returnValue is set.
      event.returnValue = ''
    }
    const onPageHide = () => flushers.current.forEach((flush) => flush())
    window.addEventListener('beforeunload', onBeforeUnload)
    window.addEventListener('pagehide', onPageHide)
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload)
      window.removeEventListener('pagehide', onPageHide)
    }
  }, [])

  const confirm = useCallback(
    (request: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        setQuestion((current) => {
          // A question still open is answered "no" rather than left hanging.
          current?.resolve(false)
          return { request, resolve }
        })
      }),
    [],
  )

  const guard = useMemo<AdminGuard>(
    () => ({
      setDirty: (key, isDirty) => {
        if (isDirty) dirty.current.add(key)
        else dirty.current.delete(key)
      },
      confirm,
      confirmDelete: (message) => {
        const d = guardTexts.deleteDialog
        return confirm({ title: d.title, message, confirmLabel: d.confirm, cancelLabel: d.cancel, danger: true })
      },
      confirmDiscard: async () => {
        if (dirty.current.size === 0) return true
        const d = guardTexts.discard
        const discard = await confirm({ title: d.title, message: d.message, confirmLabel: d.confirm, cancelLabel: d.cancel, danger: true })
        if (discard) dirty.current.clear()
        return discard
      },
      showUndo: (text, onUndo) => setToast({ key: Date.now(), text, onUndo, durationMs: guardTexts.undoMs }),
      showSaved: (text) => setToast((current) => (current?.onUndo ? current : { key: Date.now(), text, durationMs: savedToastMs })),
      onUnload: (flush) => {
        flushers.current.add(flush)
        return () => flushers.current.delete(flush)
      },
    }),
    [confirm],
  )

  const answer = (confirmed: boolean) => {
    question?.resolve(confirmed)
    setQuestion(null)
  }
  const closeToast = useCallback(() => setToast(null), [])

  return (
    <GuardContext.Provider value={guard}>
      {children}
      <ConfirmDialog request={question?.request ?? null} onAnswer={answer} />
      <UndoToast toast={toast} onDone={closeToast} />
    </GuardContext.Provider>
  )
}
