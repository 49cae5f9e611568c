// Catches what went wrong while loading or showing its part of the page (most often a
// lazily loaded chunk that could not be fetched) and shows a message with "Try again" in
// its place, so the rest of the page stays. Try again renders the part anew; components
// from lib/lazy-with-retry.tsx then load again. Code gone from the server after an upgrade
// (when the page's own reload did not happen) asks for a reload instead.
import { RotateCw } from 'lucide-react'
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { loadFailureTexts } from '@/config/load-failure'
import { SiteUpdatedError } from '@/lib/import-with-retry'
import { forgetFailedLoads } from '@/lib/lazy-with-retry'
import { Button } from './button'

interface LoadBoundaryProps {
  children: ReactNode
  /** 'page' fills the screen (a whole route); 'part' sits where the part was. */
  variant?: 'page' | 'part'
  message?: string
  /** Renders its own fallback (an overlay, say) with the retry it is given; `updated`: code gone after an upgrade (retry reloads). */
  fallback?: (retry: () => void, updated: boolean) => ReactNode
  /** A change of this value forgets a failure (the part is asked for again). */
  resetKey?: unknown
}

interface LoadBoundaryState {
  failed: boolean
  /** The failure was code gone after an upgrade: only a reload helps. */
  updated: boolean
  resetKey: unknown
}

export class LoadBoundary extends Component<LoadBoundaryProps, LoadBoundaryState> {
  state: LoadBoundaryState = { failed: false, updated: false, resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<LoadBoundaryState> {
    return { failed: true, updated: error instanceof SiteUpdatedError }
  }

  static getDerivedStateFromProps(props: LoadBoundaryProps, state: LoadBoundaryState): Partial<LoadBoundaryState> | null {
    if (Object.is(props.resetKey, state.resetKey)) return null
    forgetFailedLoads()
    return { failed: false, updated: false, resetKey: props.resetKey }
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A part of the page failed to load:', error, info.componentStack)
  }

  retry = () => {
    if (this.state.updated) {
      window.location.reload()
      return
    }
    forgetFailedLoads()
    this.setState({ failed: false })
  }

  render() {
    const { children, variant = 'part', message, fallback } = this.props
    if (!this.state.failed) return children
    if (fallback) return fallback(this.retry, this.state.updated)
    if (this.state.updated) {
      return (
        <LoadFailedNotice
          text={loadFailureTexts.updated}
          onRetry={this.retry}
          retryLabel={loadFailureTexts.reload}
          page={variant === 'page'}
        />
      )
    }
    const text = message ?? (variant === 'page' ? loadFailureTexts.page : loadFailureTexts.part)
    return <LoadFailedNotice text={text} onRetry={this.retry} page={variant === 'page'} />
  }
}

interface LoadFailedNoticeProps {
  text: string
  onRetry: () => void
  retryLabel?: string
  page?: boolean
}

export function LoadFailedNotice({ text, onRetry, retryLabel = loadFailureTexts.retry, page = false }: LoadFailedNoticeProps) {
  const notice = (
    <div
      role="alert"
      data-testid="load-failed-notice"
      className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center"
    >
      <p className="font-medium text-slate-800">{text}</p>
      <Button variant="outline" size="sm" className="mt-4" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {retryLabel}
      </Button>
    </div>
  )
  if (!page) return notice
  return <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-16">{notice}</div>
}
