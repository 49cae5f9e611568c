// The signed-in admin area: header, section list, and the chosen section's panel, inside
// the safety nets of features/admin/guard (a section switch or sign-out with unsaved
// changes asks first).
import type { ReactNode } from 'react'
import { adminTexts, type AdminSectionKey } from '@/config/admin'
import { AdminGuardProvider, useAdminGuard } from '../guard/admin-guard'
import { AdminHeader } from './admin-header'
import { AdminSidebar, type SectionBadge } from './admin-sidebar'

interface AdminShellProps {
  email: string
  /** The session ended elsewhere; the header says so instead of welcoming. */
  signedOut?: boolean
  section: AdminSectionKey
  onSelectSection: (key: AdminSectionKey) => void
  onSignOut: () => void
  signingOut: boolean
  signOutError: string | null
  /** Counts beside section names, from the features that own them (wired in app/). */
  badges?: Partial<Record<AdminSectionKey, SectionBadge>>
  children: ReactNode
}

export function AdminShell(props: AdminShellProps) {
  return (
    <AdminGuardProvider>
      <GuardedShell {...props} />
    </AdminGuardProvider>
  )
}

function GuardedShell({
  email,
  signedOut,
  section,
  onSelectSection,
  onSignOut,
  signingOut,
  signOutError,
  badges,
  children,
}: AdminShellProps) {
  const guard = useAdminGuard()
  const leaveTo = async (key: AdminSectionKey) => {
    if (key !== section && (await guard.confirmDiscard())) onSelectSection(key)
  }
  const signOut = async () => {
    if (await guard.confirmDiscard()) onSignOut()
  }
  return (
    <div className="min-h-screen bg-slate-100">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-white px-4 py-2 font-semibold text-slate-900 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {adminTexts.skipToContent}
      </a>
      <AdminHeader email={email} signedOut={signedOut} onSignOut={() => void signOut()} signingOut={signingOut} error={signOutError} />
      <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8 lg:px-8 lg:py-8">
        <aside className="min-w-0">
          <AdminSidebar active={section} onSelect={(key) => void leaveTo(key)} badges={badges} />
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 focus:outline-none">
          {children}
        </main>
      </div>
    </div>
  )
}
