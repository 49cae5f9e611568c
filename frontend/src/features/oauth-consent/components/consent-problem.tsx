// Why the page cannot go on, in plain words, with the way out: back to the site's home,
// and "Try again" when trying again may help (the network, a server failure).
import { CircleAlert } from 'lucide-react'
import { Link } from 'react-router'
import { Button, buttonVariants } from '@/components/ui/button'
import type { ConsentProblem } from '../consent-errors'
import { consentTexts } from '../texts'

export type ProblemKind = Exclude<ConsentProblem, 'signedOut'> | 'missing'

interface ConsentProblemViewProps {
  kind: ProblemKind
  onRetry?: () => void
}

export function ConsentProblemView({ kind, onRetry }: ConsentProblemViewProps) {
  const text = consentTexts.problems[kind]
  return (
    <div className="text-center">
      <span className="mx-auto inline-flex size-12 items-center justify-center rounded-2xl bg-amber-50 text-amber-800">
        <CircleAlert aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-5 font-display text-2xl font-semibold tracking-tight text-balance text-slate-950 sm:text-3xl">{text.title}</h1>
      <p role="alert" className="mt-3 text-slate-600">
        {text.body}
      </p>
      <div className="mt-8 flex flex-col gap-3">
        {onRetry && (
          <Button type="button" className="w-full" onClick={onRetry}>
            {consentTexts.tryAgain}
          </Button>
        )}
        <Link to="/" className={buttonVariants({ variant: onRetry ? 'outline' : 'primary', className: 'w-full' })}>
          {consentTexts.home}
        </Link>
      </div>
    </div>
  )
}
