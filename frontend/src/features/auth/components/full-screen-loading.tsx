// What /admin shows while supabase-js restores (and, if needed, refreshes) the session.
import { LoaderCircle } from 'lucide-react'
import { authTexts } from '@/config/admin'

export function FullScreenLoading() {
  return (
    <div role="status" className="flex min-h-screen flex-col items-center justify-center gap-3 bg-slate-100 text-slate-600">
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-primary" />
      <span className="text-sm font-medium">{authTexts.loading}</span>
    </div>
  )
}
