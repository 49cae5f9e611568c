// The end of an admin list's add/edit form: why it was not sent (required
// fields missing, or the save failed) and the Save / Cancel buttons.
import { Button } from '@/components/ui/button'
import { StatusMessage, type Status } from '@/components/ui/status-message'
import { adminTexts } from '@/config/admin'
import { historyTexts } from '@/config/history'

interface FormFooterProps {
  /** Shown while `incomplete`: which fields are required. */
  required: string
  incomplete: boolean
  error: string | null
  saving: boolean
  /** Why the form cannot be saved yet (a photo still uploading); disables Save. */
  blocked?: string | null
  onCancel: () => void
  /** A field that breaks its rule (features/admin/guard/use-field-checks.ts). */
  problem?: Status | null
  /** Keep as Draft beside Save, when the list offers drafts. */
  onSaveDraft?: () => void
}

export function FormFooter({ required, incomplete, error, saving, blocked, onCancel, problem, onSaveDraft }: FormFooterProps) {
  return (
    <>
      {problem && <StatusMessage status={problem} className="flex" />}
      {incomplete && <StatusMessage status={{ text: required, tone: 'error' }} className="flex" />}
      {error && <StatusMessage status={{ text: error, tone: 'error' }} className="flex" />}
      {blocked && (
        <p role="status" className="text-sm text-slate-600">
          {blocked}
        </p>
      )}
      <div className="flex flex-wrap gap-3 pt-1">
        <Button type="submit" disabled={saving || Boolean(blocked)}>
          {saving ? adminTexts.saving : adminTexts.save}
        </Button>
        {onSaveDraft && (
          <Button variant="outline" onClick={onSaveDraft} disabled={saving || Boolean(blocked)}>
            {historyTexts.saveDraft}
          </Button>
        )}
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          {adminTexts.cancel}
        </Button>
      </div>
    </>
  )
}
