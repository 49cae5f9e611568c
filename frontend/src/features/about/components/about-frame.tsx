// The about section's frame and loading state.
import type { ReactNode } from 'react'
import { texts } from '@/config/site'

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
