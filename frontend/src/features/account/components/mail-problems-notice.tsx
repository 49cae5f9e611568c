// A notice listing mails the server could not deliver (rpc('mail_problems')); nothing at
// all while every mail went out, or while it cannot be read.
import { TriangleAlert } from 'lucide-react'
import { accountTexts } from '@/config/account'
import { formatDate } from '../format-date'
import { useMailProblems } from '../api/mail-problems'

export function MailProblemsNotice() {
  const { data } = useMailProblems()
  if (!data?.length) return null
  return (
    <section
      aria-label={accountTexts.problemsTitle}
      data-testid="mail-problems"
      className="rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-900"
    >
      <h3 className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
        {accountTexts.problemsTitle}
      </h3>
      <p className="mt-1 text-sm">{accountTexts.problemsHint}</p>
      <ul className="mt-3 space-y-2 text-sm">
        {data.map((mail) => (
          <li key={mail.id} className="break-words rounded-lg bg-white/70 px-3 py-2">
            <span className="font-medium">{mail.recipient}</span> · {mail.template} · {formatDate(mail.created_at)} ·{' '}
            {mail.status === 'failed' ? accountTexts.problemFailed : accountTexts.problemPending}
            {mail.last_error && <span className="block text-xs text-amber-800">{mail.last_error}</span>}
          </li>
        ))}
      </ul>
    </section>
  )
}
