// The about section's frame and loading state, shared with the stand-in the landing page
// shows until the section's code arrives (components/layout/deferred.tsx), which holds
// the space the story, image and figures will take.
import type { ReactNode } from 'react'
import { texts } from '@/config/site'
import { useAboutContent } from '../api/get-about-content'

export function AboutFrame({ busy, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <section
      id="about"
      aria-labelledby="about-heading"
      aria-busy={busy || undefined}
      className="scroll-mt-16 overflow-hidden bg-slate-50 py-20 md:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">{children}</div>
    </section>
  )
}

export function AboutLoading() {
  return (
    <p role="status" className="py-24 text-center text-slate-500">
      {texts.loadingAbout}
    </p>
  )
}

export function AboutPlaceholder() {
  const { isLoading } = useAboutContent()
  return (
    <AboutFrame busy>
      {isLoading ? <AboutLoading /> : <div aria-hidden="true" className="min-h-264 sm:min-h-272 lg:min-h-150" />}
    </AboutFrame>
  )
}
