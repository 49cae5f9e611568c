//! The admin's in-app question (in place of window.confirm): a title, the question, and
//! two buttons; Escape and the backdrop answer "no". The safer button has the focus.
import { useId, useRef } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'

export interface ConfirmRequest {
  title: string
  message: string
  confirmLabel: string
  cancelLabel: string
  /** A destructive action gets a red confirm button. */
  danger?: boolean
}

interface ConfirmDialogProps {
  request: ConfirmRequest | null
  onAnswer: (confirmed: boolean) => void
}

export function ConfirmDialog({ request, onAnswer }: ConfirmDialogProps) {
  const id = useId()
  const cancelRef = useRef<HTMLButtonElement>(null)
  return (
    <Dialog
      open={request !== null}
      onClose={() => onAnswer(false)}
      labelledBy={`${id}-title`}
      describedBy={`${id}-message`}
      initialFocusRef={cancelRef}
      size="md"
    >
      {request && (
        <div data-testid="confirm-dialog" className="p-6">
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-950">
            {request.title}
          </h2>
          <p id={`${id}-message`} data-testid="confirm-message" className="mt-2 break-words text-slate-700">
            {request.message}
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button ref={cancelRef} variant="outline" onClick={() => onAnswer(false)}>
              {request.cancelLabel}
            </Button>
            <Button
              variant="primary"
              className={request.danger ? 'bg-red-700 text-white hover:bg-red-800' : undefined}
              onClick={() => onAnswer(true)}
            >
              {request.confirmLabel}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  )
}
