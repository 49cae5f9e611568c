// The admin's top bar: title, who is signed in, and Sign Out.
import { LogOut } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { authTexts } from '@/config/admin'

interface AdminHeaderProps {
  email: string
  onSignOut: () => void
  signingOut: boolean
}

export function AdminHeader({ email, onSignOut, signingOut }: AdminHeaderProps) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <h1 className="truncate font-display text-xl font-semibold tracking-tight text-slate-950 sm:text-2xl">
          {authTexts.title}
        </h1>
        <div className="flex min-w-0 items-center gap-3">
          <p className="hidden truncate text-sm text-slate-600 sm:block">{authTexts.welcome(email)}</p>
          <Button variant="outline" size="sm" onClick={onSignOut} disabled={signingOut}>
            <LogOut aria-hidden="true" />
            {authTexts.signOut}
          </Button>
        </div>
      </div>
      <p className="truncate border-t border-slate-100 px-4 py-2 text-sm text-slate-600 sm:hidden">{authTexts.welcome(email)}</p>
    </header>
  )
}
