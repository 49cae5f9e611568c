// Top-of-page heading shared by the simple content routes.
import type { ReactNode } from 'react'

export function PageHeading({ children }: { children: ReactNode }) {
  return <h1 className="text-3xl font-bold tracking-tight text-primary md:text-4xl">{children}</h1>
}
