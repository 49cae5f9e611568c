//! The hooks a form uses to take part in the admin's safety nets: report whether it holds
//! unsaved changes, and hide a save's result once a field changes again.
import { useEffect, useId, useState } from 'react'
import type { Status } from '@/components/ui/status-message'
import { useAdminGuard } from './admin-guard'
import { hasChanges } from './form-changes'

/** Marks this form as unsaved while `values` differ from `initial`; returns whether they do. */
export function useUnsavedChanges<V>(initial: V, values: V): boolean {
  const key = useId()
  const { setDirty } = useAdminGuard()
  const changed = hasChanges(initial, values)
  useEffect(() => {
    setDirty(key, changed)
  }, [key, changed, setDirty])
  useEffect(() => () => setDirty(key, false), [key, setDirty])
  return changed
}

/**
 * Marks this part as unsaved while `active` (a photo still uploading, which leaving would
 * throw away): a section switch, sign-out or reload asks first.
 */
export function useUnsavedWhile(active: boolean): void {
  useUnsavedChanges(false, active)
}

/** `status` while the values are still those it was given for; null once a field changes. */
export function useStatusUntilEdited<V>(status: Status | null, values: V): Status | null {
  const [shown, setShown] = useState({ status, values })
  if (shown.status !== status) setShown({ status, values })
  return status && shown.status === status && hasChanges(shown.values, values) ? null : status
}
