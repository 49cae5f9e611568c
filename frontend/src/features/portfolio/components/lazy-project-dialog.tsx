// The project popup, loaded on first use: it brings the HTML sanitiser, which the landing
// page does not need to show its first screen. Hovering or focusing a card starts loading.
// When it cannot be loaded (the connection dropped), a notice says so with Try again in
// place of the popup; the next tap on a card tries again too.
import { Suspense } from 'react'
import { Button } from '@/components/ui/button'
import { LoadBoundary, LoadFailedNotice } from '@/components/ui/load-boundary'
import { loadFailureTexts } from '@/config/load-failure'
import { lazyWithRetry } from '@/lib/lazy-with-retry'
import type { PortfolioItem } from '../types'

const ProjectDialog = lazyWithRetry(
  () => import('./project-dialog'),
  (module) => module.ProjectDialog,
)

export const preloadProjectDialog = ProjectDialog.preload

interface LazyProjectDialogProps {
  item: PortfolioItem | null
  open: boolean
  onClose: () => void
}

export function LazyProjectDialog({ item, open, onClose }: LazyProjectDialogProps) {
  // Nothing to load until a project has been opened once.
  if (!item) return null
  return (
    <LoadBoundary
      // A closed popup forgets the failure: opening one again loads anew.
      resetKey={open ? item : null}
      fallback={(retry, updated) =>
        open && (
          <div className="fixed inset-x-0 bottom-0 z-50 flex justify-center p-4">
            <div className="w-full max-w-md shadow-2xl">
              <LoadFailedNotice
                text={updated ? loadFailureTexts.updated : loadFailureTexts.project}
                retryLabel={updated ? loadFailureTexts.reload : loadFailureTexts.retry}
                onRetry={retry}
              />
              <Button variant="ghost" size="sm" className="mx-auto mt-2 flex bg-white" onClick={onClose}>
                {loadFailureTexts.close}
              </Button>
            </div>
          </div>
        )
      }
    >
      <Suspense fallback={null}>
        <ProjectDialog item={item} open={open} onClose={onClose} />
      </Suspense>
    </LoadBoundary>
  )
}
