// Loading and load-failure placeholders of an admin panel.
import { RotateCw } from 'lucide-react'
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
