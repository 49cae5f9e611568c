// Top-of-page heading shared by the simple content routes.
import type { ReactNode } from 'react'

export function PageHeading({ children }: { children: ReactNode }) {
  return <h1 className="font-display text-4xl font-semibold tracking-tight text-balance text-slate-950 md:text-5xl">{children}</h1>
}
