// The message shown where a list of projects is empty.
import { Images } from 'lucide-react'
import type { ReactNode } from 'react'

export function EmptyState({ title, hint }: { title: string; hint?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <Images aria-hidden="true" className="mx-auto size-10 text-slate-400" />
      <p className="mt-4 text-lg font-medium text-slate-800">{title}</p>
      {hint && <p className="mt-1 text-slate-500">{hint}</p>}
    </div>
  )
}
