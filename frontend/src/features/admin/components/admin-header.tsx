// The admin's top bar: title, who is signed in (or that the session ended), and Sign Out.
import { ExternalLink, LogOut } from 'lucide-react'
import { Button, buttonVariants } from '@/components/ui/button'
import { authTexts } from '@/config/admin'
import { guardTexts } from '@/config/admin-guard'
import { sessionTexts } from '@/config/session'

interface AdminHeaderProps {
  email: string
  signedOut?: boolean
  onSignOut: () => void
  signingOut: boolean
  error: string | null
}

export function AdminHeader({ email, signedOut, onSignOut, signingOut, error }: AdminHeaderProps) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex min-h-16 max-w-7xl items-center justify-between gap-4 px-4 py-2 sm:px-6 lg:px-8">
        <div className="flex min-w-0 flex-col sm:flex-row sm:items-baseline sm:gap-4">
          <h1 className="truncate font-display text-xl font-semibold tracking-tight text-slate-950 sm:text-2xl">{authTexts.title}</h1>
          <p className="truncate text-sm text-slate-600">{signedOut ? sessionTexts.header : authTexts.welcome(email)}</p>
        </div>
        <div className="flex shrink-0 flex-wrap justify-end gap-2">
          <a href="/" target="_blank" rel="noopener" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            <ExternalLink aria-hidden="true" />
            {/* Icon only on a phone, where the title needs the room; still named for screen readers. */}
            <span className="max-sm:sr-only">{guardTexts.viewSite}</span>
          </a>
          <Button variant="outline" size="sm" onClick={onSignOut} disabled={signingOut}>
            <LogOut aria-hidden="true" />
            {authTexts.signOut}
          </Button>
        </div>
      </div>
      {error && (
        <p role="alert" className="border-t border-red-100 bg-red-50 px-4 py-2 text-center text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </header>
  )
}
