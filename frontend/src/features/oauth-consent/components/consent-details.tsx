// What the app asks for, and the answer: its name, logo and website, the scopes in plain
// words, where the answer sends the browser, who is signed in (with a way to switch
// accounts), and Allow / Deny. While an answer is on its way both buttons wait; once
// the server took it supabase-js sends the browser back to the app. A refusal that trying
// again may fix is said above the buttons; one that cannot be fixed here (the request
// expired meanwhile) replaces the card with its message.
import type { OAuthAuthorizationDetails } from '@supabase/supabase-js'
import { Check, ExternalLink } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { answerAuthorization, type ConsentAnswer } from '../api/answer-authorization'
import { webLink } from '../client-links'
import { ConsentError, type ConsentProblem } from '../consent-errors'
import { scopeLines } from '../scopes'
import { consentTexts } from '../texts'
import { AppLogo } from './app-logo'

interface ConsentDetailsProps {
  details: OAuthAuthorizationDetails
  siteTitle: string
  /** The signed-in address (the session's, if the server's answer has none). */
  email: string
  onUseAnother: () => void
  signingOut: boolean
  signOutError: string | null
  /** A refusal the page cannot fix here: the request is gone, the server is off, the session ended. */
  onProblem: (problem: ConsentProblem) => void
}

const t = consentTexts.details

export function ConsentDetails({ details, siteTitle, email, onUseAnother, signingOut, signOutError, onProblem }: ConsentDetailsProps) {
  const [pending, setPending] = useState<ConsentAnswer | null>(null)
  const [sent, setSent] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const appName = details.client.name.trim()
  const website = webLink(details.client.uri)
  const returnTo = webLink(details.redirect_uri)
  const lines = scopeLines(details.scope)
  const busy = pending !== null || sent || signingOut

  async function answer(choice: ConsentAnswer) {
    setError(null)
    setPending(choice)
    try {
      await answerAuthorization(details.authorization_id, choice)
      // supabase-js is sending the browser to the app: the buttons stay off meanwhile.
      setSent(true)
    } catch (cause) {
      const problem = cause instanceof ConsentError ? cause.problem : 'failed'
      if (problem === 'network') setError(consentTexts.problems.answerNetwork)
      else if (problem === 'failed') setError(consentTexts.problems.answerFailed)
      else onProblem(problem)
    } finally {
      setPending(null)
    }
  }

  return (
    <div>
      <div className="flex flex-col items-center text-center">
        <AppLogo name={appName} logoUri={details.client.logo_uri} />
        <h1 className="mt-5 font-display text-2xl font-semibold tracking-tight text-balance text-slate-950 sm:text-3xl">
          {t.title(appName || t.unnamedApp, siteTitle)}
        </h1>
        {website && (
          <a
            href={website.toString()}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-2 inline-flex max-w-full items-center gap-1.5 text-sm font-medium break-all text-primary-ink underline-offset-4 hover:underline"
          >
            {t.appLink(website.host)}
            <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
          </a>
        )}
      </div>

      <section aria-labelledby="consent-scopes" className="mt-8">
        <h2 id="consent-scopes" className="text-sm font-semibold text-slate-900">
          {t.wants}
        </h2>
        <ul className="mt-3 space-y-2.5">
          {lines.length === 0 && <ScopeItem>{t.noScopes}</ScopeItem>}
          {lines.map((line) => (
            <ScopeItem key={line.scope}>
              {line.kind === 'known' ? (
                line.text
              ) : (
                <>
                  {t.otherScope}{' '}
                  <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs break-all text-slate-900">{line.scope}</code>
                </>
              )}
            </ScopeItem>
          ))}
        </ul>
        {returnTo && <p className="mt-4 text-sm text-slate-600">{t.returnTo(returnTo.host)}</p>}
      </section>

      <div className="mt-6 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm">
        <p className="text-slate-600">
          {t.signedInAs} <strong className="font-semibold break-all text-slate-950">{email}</strong>
        </p>
        <p className="mt-1 text-slate-600">
          {t.notYou}{' '}
          <Button type="button" variant="link" size="sm" className="h-auto" onClick={onUseAnother} disabled={busy}>
            {signingOut ? t.signingOut : t.useAnother}
          </Button>
        </p>
      </div>
      {signOutError && (
        <div className="mt-4">
          <FormAlert>{signOutError}</FormAlert>
        </div>
      )}

      {error && (
        <div className="mt-6">
          <FormAlert>{error}</FormAlert>
        </div>
      )}
      <div className="mt-6 grid grid-cols-2 gap-3">
        <Button type="button" variant="outline" onClick={() => void answer('deny')} disabled={busy}>
          {pending === 'deny' ? t.denying : t.deny}
        </Button>
        <Button type="button" onClick={() => void answer('approve')} disabled={busy}>
          {pending === 'approve' ? t.allowing : t.allow}
        </Button>
      </div>
      {sent && (
        <p role="status" className="mt-4 text-center text-sm text-slate-600">
          {t.leaving(appName || null)}
        </p>
      )}
    </div>
  )
}

function ScopeItem({ children }: { children: React.ReactNode }) {
  return (
    <li className="flex items-start gap-2.5 text-slate-700">
      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-secondary-ink" />
      <span className="min-w-0">{children}</span>
    </li>
  )
}
