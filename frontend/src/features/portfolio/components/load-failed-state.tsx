//! Where the projects would be when reading them failed: says so honestly (never "no
//! projects yet"), with a Try again; the read is also retried in the background
//! (lib/use-query.ts), and the grid appears as soon as one works.
import { RotateCw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { networkErrorText } from '@/lib/network-error'

export const loadFailedText = "Our projects can't be shown right now. Please try again in a moment."

export function LoadFailedState({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <div
      data-testid="load-failed"
      role="status"
      className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center"
    >
      <p className="text-lg font-medium text-slate-800">{error === networkErrorText ? networkErrorText : loadFailedText}</p>
      <Button variant="outline" size="sm" className="mt-5" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  )
}
