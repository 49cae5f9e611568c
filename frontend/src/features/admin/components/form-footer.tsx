// The end of an admin list's add/edit form: why it was not sent (required
// fields missing, or the save failed) and the Save / Cancel buttons.
import { Button } from '@/components/ui/button'
import { StatusMessage, type Status } from '@/components/ui/status-message'
import { adminTexts } from '@/config/admin'

interface FormFooterProps {
  /** Shown while `incomplete`: which fields are required. */
  required: string
  incomplete: boolean
  error: string | null
  saving: boolean
  onCancel: () => void
  /** A field that breaks its rule (features/admin/guard/use-field-checks.ts). */
  problem?: Status | null
}

export function FormFooter({ required, incomplete, error, saving, onCancel, problem }: FormFooterProps) {
  return (
    <>
      {problem && <StatusMessage status={problem} className="flex" />}
      {incomplete && <StatusMessage status={{ text: required, tone: 'error' }} className="flex" />}
      {error && <StatusMessage status={{ text: error, tone: 'error' }} className="flex" />}
      <div className="flex flex-wrap gap-3 pt-1">
        <Button type="submit" disabled={saving}>
          {saving ? adminTexts.saving : adminTexts.save}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          {adminTexts.cancel}
        </Button>
      </div>
    </>
  )
}
