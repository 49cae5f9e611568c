// Loading and load-failure placeholders of an admin panel, and the rule every
// panel follows between them and its content.
import { RotateCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from './button'
import { Card } from './card'

export function PanelLoading({ text = 'Loading...' }: { text?: string }) {
  return (
    <Card role="status" aria-busy="true" className="p-10 text-center text-slate-500">
      {text}
    </Card>
  )
}

export function PanelError({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <Card className="p-8 text-center">
      <p role="alert" className="font-medium text-red-700">
        Error loading content: {error}
      </p>
      <Button variant="outline" size="sm" className="mt-4" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </Card>
  )
}

interface PanelContentProps {
  /** What the read returned so far; `undefined` until its first answer. */
  data: unknown
  isLoading: boolean
  error: string | null
  onRetry: () => unknown
  children: ReactNode
}

/** Loading until the first answer, the error (with a retry) while there is
 * nothing to show, otherwise the content: a failed re-read keeps what was shown. */
export function PanelContent({ data, isLoading, error, onRetry, children }: PanelContentProps) {
  if (data === undefined && isLoading) return <PanelLoading />
  if (data === undefined && error) return <PanelError error={error} onRetry={() => void onRetry()} />
  return <>{children}</>
}
