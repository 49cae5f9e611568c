//! Whether whoever is signed in must choose a password before the admin opens: they came
//! by a recovery or invite link (read from the address as the page loaded) or typed the
//! 6-digit code of such a mail. Kept outside React so it survives the admin remounting,
//! and here in lib/ because the sign-in screen (which verifies codes) and the account
//! feature (which asks for the password) both need it.
import { landingEmailLink } from './email-link'

export type PasswordChoice = 'recovery' | 'invite' | null

let pending: PasswordChoice = landingEmailLink?.kind === 'recovery' || landingEmailLink?.kind === 'invite' ? landingEmailLink.kind : null
const listeners = new Set<() => void>()

export function pendingPasswordChoice(): PasswordChoice {
  return pending
}

/** Set before the session of a code arrives, so the admin never opens without the password being chosen. */
export function setPendingPasswordChoice(kind: PasswordChoice): void {
  pending = kind
  listeners.forEach((listener) => listener())
}

export function onPasswordChoiceChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
