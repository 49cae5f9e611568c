// Shown over the admin once a password set from a recovery or invite link is saved, so
// the owner sees it worked (the admin opening alone said nothing about it), until dismissed.
import { X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { StatusMessage } from '@/components/ui/status-message'
import { accountTexts } from '@/config/account'

export function PasswordSavedNotice({ onDismiss }: { onDismiss: () => void }) {
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-40 flex justify-center px-4">
      <div className="pointer-events-auto flex items-center gap-1 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200">
        <StatusMessage status={{ text: accountTexts.setDone, tone: 'success' }} />
        <Button variant="ghost" size="icon" aria-label={accountTexts.dismiss} onClick={onDismiss}>
          <X aria-hidden="true" />
        </Button>
      </div>
    </div>
  )
}
