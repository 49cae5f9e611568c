// The admin's warning on a server that sends no mail (no PLEAT_SMTP_URL): enquiries are
// not emailed and no reset link will come, so the owner learns where enquiries are and
// how to reset a password without mail. Renders nothing when mail is sent.
import { TriangleAlert } from 'lucide-react'
import { accountTexts } from '@/config/account'
import { cn } from '@/lib/cn'
import { useMailNotSetUp } from '../api/get-mail-status'

export function MailNotSetUpNotice({ className }: { className?: string }) {
  if (!useMailNotSetUp()) return null
  return (
    <p
      data-testid="mail-not-set-up"
      role="note"
      className={cn(
        'flex gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm leading-relaxed text-amber-900',
        className,
      )}
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <span>
        {accountTexts.mailNotSetUp}{' '}
        <code className="rounded bg-white px-1.5 py-0.5 font-mono text-xs text-slate-900 ring-1 ring-amber-200">
          {accountTexts.mailNotSetUpCommand}
        </code>
        .
      </span>
    </p>
  )
}
