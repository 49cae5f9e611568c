// The project popup, loaded on first use: it brings the HTML sanitiser, which the landing
// page does not need to show its first screen. Hovering or focusing a card starts loading.
import { lazy, Suspense } from 'react'
import type { PortfolioItem } from '../types'

const load = () => import('./project-dialog')
const ProjectDialog = lazy(() => load().then((module) => ({ default: module.ProjectDialog })))

export function preloadProjectDialog(): void {
  void load()
}

interface LazyProjectDialogProps {
  item: PortfolioItem | null
  open: boolean
  onClose: () => void
}

export function LazyProjectDialog({ item, open, onClose }: LazyProjectDialogProps) {
  // Nothing to load until a project has been opened once.
  if (!item) return null
  return (
    <Suspense fallback={null}>
      <ProjectDialog item={item} open={open} onClose={onClose} />
    </Suspense>
  )
}
