//! Whether to confirm a password just set from a recovery or invite link: true from the
//! moment the "Set a new password" screen is done (the landing's kind goes back to none)
//! until the owner dismisses it.
import { useCallback, useState } from 'react'

export function usePasswordSaved(landingKind: string | null) {
  const [previous, setPrevious] = useState(landingKind)
  const [saved, setSaved] = useState(false)
  if (previous !== landingKind) {
    setPrevious(landingKind)
    if (previous !== null && landingKind === null) setSaved(true)
  }
  const dismiss = useCallback(() => setSaved(false), [])
  return { saved, dismiss }
}
