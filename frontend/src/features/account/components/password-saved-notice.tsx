// Shown at the top of the admin once a password set from a recovery or invite link is
// saved, so the owner sees it worked (the admin opening alone said nothing about it).
import { X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { StatusMessage } from '@/components/ui/status-message'
import { accountTexts } from '@/config/account'

export function PasswordSavedNotice({ onDismiss }: { onDismiss: () => void }) {
  return (
    <div className="mb-6 flex items-center gap-2">
      <StatusMessage status={{ text: accountTexts.setDone, tone: 'success' }} />
      <Button variant="ghost" size="icon" aria-label={accountTexts.dismiss} onClick={onDismiss}>
        <X aria-hidden="true" />
      </Button>
    </div>
  )
}
