// The result line beside an admin form's save button: green, or red when the text says
// it is an error (a message containing 'Error' is red, and so is the signed-out sentence
// that replaces it when the session ended).
import { CircleAlert, CircleCheck } from 'lucide-react'
import { cn } from '@/lib/cn'
import { signedOutText } from '@/lib/session-ended'

export type StatusTone = 'success' | 'error'

export interface Status {
  text: string
  /** Forces the colour; by default it follows the text. */
  tone?: StatusTone
}

export function statusTone(status: Status): StatusTone {
  return status.tone ?? (status.text.includes('Error') || status.text === signedOutText ? 'error' : 'success')
}

export function StatusMessage({ status, className }: { status: Status | null; className?: string }) {
  if (!status) return null
  const tone = statusTone(status)
  const Icon = tone === 'error' ? CircleAlert : CircleCheck
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      data-tone={tone}
      className={cn(
        'inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium',
        tone === 'error' ? 'bg-red-50 text-red-700' : 'bg-green-50 text-green-700',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {status.text}
    </p>
  )
}
