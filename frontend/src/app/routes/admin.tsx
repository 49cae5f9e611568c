// /admin, loaded lazily from the router so the admin code and its rich-text editor never
// reach the public pages. It switches on whether someone is signed in; a session that
// ends while the admin is open (anywhere but this tab's Sign Out) keeps the admin and
// its open editors under a sign-in dialog. An account with two-step sign-in sees nothing
// of the admin until the session passed the second step. The chosen section is held
// here, not in the URL.
import { useEffect, useState, type ComponentType } from 'react'
import { AccountSection } from '@/features/account/components/account-section'
import { MailProblemsNotice } from '@/features/account/components/mail-problems-notice'
import { PasswordSavedNotice } from '@/features/account/components/password-saved-notice'
import { usePasswordSaved } from '@/features/account/use-password-saved'
import { NotificationEmailSettings } from '@/features/account/components/notification-email-settings'
import { SetPasswordScreen } from '@/features/account/components/set-password-screen'
import { usePasswordLanding } from '@/features/account/api/use-password-landing'
import { AdminShell } from '@/features/admin/components/admin-shell'
import { resolveAdminSection } from '@/features/admin/admin-section'
import { isViewOnly, ViewOnlyContext } from '@/features/admin/guard/view-only'
import { ViewOnlyNotice } from '@/features/people/components/view-only-notice'
import { BackupsSection } from '@/features/backups/components/backups-section'
import { useAdminSession } from '@/features/auth/api/use-admin-session'
import { useSignOut } from '@/features/auth/api/sign-out'
import { FullScreenLoading } from '@/features/auth/components/full-screen-loading'
import { MailNotSetUpNotice } from '@/features/auth/components/mail-not-set-up-notice'
import { SessionEndedDialog } from '@/features/auth/components/session-ended-dialog'
import { SignInScreen } from '@/features/auth/components/sign-in-screen'
import { TwoStepScreen } from '@/features/auth/components/two-step-screen'
import { useNeedsSecondStep } from '@/features/auth/api/use-assurance'
import { ContactDetailsEditor } from '@/features/contact-details/components/contact-details-editor'
import { SetupChecklist } from '@/features/setup/components/setup-checklist'
import { AboutEditor } from '@/features/about/components/about-editor'
import { LegalEditor } from '@/features/legal/components/legal-editor'
import { SiteTextsEditor } from '@/features/site-texts/components/site-texts-editor'
import { HeroEditor } from '@/features/hero/components/hero-editor'
import { MediaLibrary } from '@/features/media/components/media-library'
import { MessagesInbox } from '@/features/messages/components/messages-inbox'
import { UnreadCount, unreadCountId } from '@/features/messages/components/unread-count'
import { UnreadInTitle } from '@/features/messages/components/unread-title'
import { hasLinkedMessage } from '@/features/messages/linked-message'
import { EditorsHere } from '@/features/presence/editors-here'
import { PortfolioManager } from '@/features/portfolio/components/portfolio-manager'
import { ServicesEditor } from '@/features/services/components/services-editor'
import { SiteSettingsEditor } from '@/features/settings/components/site-settings-editor'
import { StatsSection } from '@/features/stats/components/stats-section'
import { useSiteSettings } from '@/features/site/api/get-site-settings'
import { SiteTheme } from '@/features/site/components/site-theme'
import { resolveSiteIdentity } from '@/features/site/site-identity'
import { TestimonialsManager } from '@/features/testimonials/components/testimonials-manager'
import { authTexts, defaultAdminSection, type AdminSectionKey } from '@/config/admin'
import { guardTexts } from '@/config/admin-guard'

const editors: Record<AdminSectionKey, ComponentType> = {
  hero: HeroEditor,
  services: ServicesEditor,
  portfolio: PortfolioManager,
  testimonials: TestimonialsManager,
  about: AboutEditor,
  texts: SiteTextsEditor,
  media: MediaLibrary,
  contact: MessagesInbox,
  stats: StatsSection,
  settings: SiteSettingsEditor,
  details: ContactDetailsEditor,
  legal: LegalEditor,
  backups: BackupsSection,
  account: AccountSection,
}

/**
 * Names the admin's browser tab "Admin – {site title}", with the unread count in front
 * once the admin is shown to someone signed in. Renders nothing.
 */
function AdminTitle({ withUnread }: { withUnread: boolean }) {
  const { data, isLoading } = useSiteSettings()
  const title = isLoading ? null : guardTexts.adminTitle(resolveSiteIdentity(data).title)
  useEffect(() => {
    if (title !== null && !withUnread) document.title = title
  }, [title, withUnread])
  return title !== null && withUnread ? <UnreadInTitle title={title} /> : null
}

// The unread count beside "Contact Messages" (it describes the section's button).
const sectionBadges = { contact: { content: <UnreadCount />, describedBy: unreadCountId } }

export default function AdminRoute() {
  const { session, isLoading, endedEmail, leaving } = useAdminSession()
  // A notification mail's link to a message opens the inbox first.
  const [section, setSection] = useState<AdminSectionKey>(() => (hasLinkedMessage() ? 'contact' : resolveAdminSection(null)))
  const { mutate: signOut, isPending: signingOut } = useSignOut()
  const [signOutError, setSignOutError] = useState<string | null>(null)
  const landing = usePasswordLanding()
  const passwordSaved = usePasswordSaved(landing.kind)
  const needsSecondStep = useNeedsSecondStep(session)
  // Whether this page has shown the admin since the last Sign Out. A session that comes
  // back through the signed-out dialog over open editors is asked for its code over them
  // too (they stay mounted, inert), so what was typed survives the second step.
  const [shellShown, setShellShown] = useState(false)
  const shellNow = !isLoading && (session ? !needsSecondStep && !landing.kind : endedEmail !== null)
  if (shellNow && !shellShown) setShellShown(true)
  if (!isLoading && !session && endedEmail === null && shellShown) setShellShown(false)
  const stepOverShell = session !== null && needsSecondStep && shellShown
  const twoStep = session && (
    <TwoStepScreen session={session} onSignOut={() => void onSignOut()} signingOut={signingOut} signOutError={signOutError} />
  )

  // supabase-js keeps the session when the server could not be told (it is unreachable,
  // say), so the owner is told and can try again rather than believing they are out.
  async function onSignOut() {
    setSignOutError(null)
    leaving()
    const result = await signOut()
    if (!result.success) {
      console.error('Error signing out:', result.error)
      setSignOutError(authTexts.signOutFailed)
    }
  }

  const Editor = editors[resolveAdminSection(section)]
  // A viewer sees every section with its forms switched off; the inbox and Account (their
  // own password and sign-in) handle view-only themselves.
  const viewOnly = isViewOnly(session)
  const formsOff = viewOnly && section !== 'contact' && section !== 'account'
  return (
    <>
      <SiteTheme />
      <AdminTitle withUnread={Boolean(session) && !needsSecondStep && !landing.kind} />
      {passwordSaved.saved && <PasswordSavedNotice onDismiss={passwordSaved.dismiss} />}
      {isLoading ? (
        <FullScreenLoading />
      ) : !session && endedEmail === null ? (
        <SignInScreen />
      ) : session && needsSecondStep && !stepOverShell ? (
        twoStep
      ) : session && landing.kind && !stepOverShell ? (
        <SetPasswordScreen invited={landing.kind === 'invite'} onDone={landing.done} />
      ) : (
        <>
          <div inert={stepOverShell || undefined}>
            <ViewOnlyContext.Provider value={viewOnly}>
              <AdminShell
                email={session?.user.email ?? ''}
                signedOut={!session}
                section={section}
                onSelectSection={setSection}
                onSignOut={() => void onSignOut()}
                signingOut={signingOut}
                signOutError={signOutError}
                badges={sectionBadges}
              >
                {session && <EditorsHere email={session.user.email ?? ''} section={section} />}
                {(section === defaultAdminSection || section === 'contact') && <MailNotSetUpNotice className="mb-6" />}
                {section === defaultAdminSection && <SetupChecklist onOpen={setSection} />}
                {section === 'contact' && <MailProblemsNotice />}
                {viewOnly && <ViewOnlyNotice />}
                <fieldset disabled={formsOff} className="min-w-0">
                  <Editor />
                  {section === 'settings' && <NotificationEmailSettings />}
                </fieldset>
                <SessionEndedDialog email={endedEmail} />
              </AdminShell>
            </ViewOnlyContext.Provider>
          </div>
          {stepOverShell && <div className="fixed inset-0 z-50 overflow-y-auto">{twoStep}</div>}
        </>
      )}
    </>
  )
}
