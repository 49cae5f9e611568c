// /oauth/consent?authorization_id=<id>: where GoTrue's /oauth/authorize sends someone an
// app asked to sign in with this site. Signed out, it signs in here (the site's sign-in
// form, then the second step for an account that has one); signed in, it reads the request
// and either asks (consent-details.tsx) or, when this account already allowed the app
// these scopes, goes straight back to the app. Every dead end says why and links home.
import type { Session } from '@supabase/supabase-js'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useSession } from '@/features/auth/api/get-session'
import { useNeedsSecondStep } from '@/features/auth/api/use-assurance'
import { useSignOut } from '@/features/auth/api/sign-out'
import { SignInForm } from '@/features/auth/components/sign-in-form'
import { TwoStepForm } from '@/features/auth/components/two-step-form'
import { forgetSession } from '../api/forget-session'
import { useAuthorization } from '../api/get-authorization'
import { leaveFor } from '../api/leave-for'
import type { ConsentProblem } from '../consent-errors'
import { consentTexts } from '../texts'
import { ConsentDetails } from './consent-details'
import { ConsentFrame, useSiteTitle } from './consent-frame'
import { ConsentProblemView } from './consent-problem'

export function ConsentPage() {
  const [params] = useSearchParams()
  const authorizationId = params.get('authorization_id')?.trim() || null
  return (
    <ConsentFrame>
      {authorizationId ? <ConsentFlow authorizationId={authorizationId} /> : <ConsentProblemView kind="missing" />}
    </ConsentFrame>
  )
}

function Loading({ text = consentTexts.loading }: { text?: string }) {
  return (
    <p role="status" className="py-10 text-center text-slate-500">
      {text}
    </p>
  )
}

function Heading({ title, subtitle, email }: { title: string; subtitle: string; email?: string }) {
  return (
    <div className="text-center">
      <h1 className="font-display text-2xl font-semibold tracking-tight text-balance text-slate-950 sm:text-3xl">{title}</h1>
      <p className="mt-2 text-slate-600">{subtitle}</p>
      {email && <p className="mt-1 text-sm break-all text-slate-500">{email}</p>}
    </div>
  )
}

function ConsentFlow({ authorizationId }: { authorizationId: string }) {
  const { session, isLoading } = useSession()
  const needsSecondStep = useNeedsSecondStep(session)
  const siteTitle = useSiteTitle()
  const [email, setEmail] = useState('')
  const { mutate: signOut, isPending: signingOut } = useSignOut()
  const [signOutError, setSignOutError] = useState<string | null>(null)

  // "Use another account": ends this browser's session only, and the form comes back.
  async function onUseAnother() {
    setSignOutError(null)
    const result = await signOut('local')
    if (!result.success) {
      console.error('Error signing out:', result.error)
      setSignOutError(consentTexts.details.signOutFailed)
    }
  }

  if (isLoading) return <Loading />
  if (!session) {
    return (
      <>
        <Heading title={consentTexts.signIn.title(siteTitle)} subtitle={consentTexts.signIn.subtitle} />
        {/* A provider sign-in comes back to this request (without a fragment of an earlier try). */}
        <SignInForm
          email={email}
          onEmailChange={setEmail}
          providerReturnTo={`${window.location.origin}${window.location.pathname}${window.location.search}`}
        />
      </>
    )
  }
  if (needsSecondStep) {
    return (
      <>
        <Heading title={consentTexts.twoStep.title} subtitle={consentTexts.twoStep.subtitle} email={session.user.email} />
        <TwoStepForm session={session} onSignOut={() => void onUseAnother()} signingOut={signingOut} signOutError={signOutError} />
      </>
    )
  }
  return (
    <Authorization
      // A new account reads the request afresh.
      key={session.user.id}
      authorizationId={authorizationId}
      session={session}
      siteTitle={siteTitle}
      onUseAnother={() => void onUseAnother()}
      signingOut={signingOut}
      signOutError={signOutError}
    />
  )
}

interface AuthorizationProps {
  authorizationId: string
  session: Session
  siteTitle: string
  onUseAnother: () => void
  signingOut: boolean
  signOutError: string | null
}

function Authorization({ authorizationId, session, siteTitle, onUseAnother, signingOut, signOutError }: AuthorizationProps) {
  const { state, retry } = useAuthorization(authorizationId, session.user.id)
  // A refusal met while answering (the request expired meanwhile, say).
  const [answerProblem, setAnswerProblem] = useState<ConsentProblem | null>(null)
  const redirect = state.status === 'done' && state.request.kind === 'redirect' ? state.request.url : null
  const problem = answerProblem ?? (state.status === 'failed' ? state.problem : null)

  useEffect(() => {
    if (redirect) leaveFor(redirect)
  }, [redirect])
  // The server no longer takes this session: forget it, and the sign-in form follows.
  useEffect(() => {
    if (problem !== 'signedOut') return
    void forgetSession().then((forgotten) => {
      if (!forgotten) setAnswerProblem('network')
    })
  }, [problem])

  if (problem === 'signedOut') return <Loading />
  if (problem) {
    const retryable = problem === 'network' || problem === 'failed'
    return (
      <ConsentProblemView
        kind={problem}
        onRetry={
          retryable
            ? () => {
                setAnswerProblem(null)
                retry()
              }
            : undefined
        }
      />
    )
  }
  if (state.status === 'loading') return <Loading />
  if (redirect || state.status !== 'done' || state.request.kind !== 'ask') return <Loading text={consentTexts.details.leaving(null)} />
  return (
    <ConsentDetails
      details={state.request.details}
      siteTitle={siteTitle}
      email={state.request.details.user.email || session.user.email || ''}
      onUseAnother={onUseAnother}
      signingOut={signingOut}
      signOutError={signOutError}
      onProblem={setAnswerProblem}
    />
  )
}
