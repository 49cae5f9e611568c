//! One place that recognises "the session this request ran with has ended" (signed out
//! elsewhere, a password changed with `pleat user passwd`), so every failed save says
//! the signed-out sentence instead of its own "Error saving …", and the admin hears of it
//! at once (it then checks the session and offers sign-in over the open editors).
import { sessionTexts } from '@/config/session'

export const signedOutText: string = sessionTexts.signedOut

// /rest/v1 answers 401 PGRST301 ("JWT session has ended") for a token whose session is
// gone and PGRST303 for an expired one that supabase-js could not refresh; /storage/v1
// says "JWT session has ended: …"; /auth/v1 says 403 session_not_found, which supabase-js
// turns into AuthSessionMissingError.
const endedCodes = new Set(['PGRST301', 'PGRST303', 'session_not_found'])
const endedMessage = /JWT session has ended|JWT expired|Auth session missing/i

/** True when `error` (a supabase-js error object, an Error or a message) says the session has ended. */
export function isSessionEndedError(error: unknown): boolean {
  if (typeof error === 'string') return error === signedOutText || endedMessage.test(error)
  if (!error || typeof error !== 'object') return false
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown }
  if (name === 'AuthSessionMissingError') return true
  if (typeof code === 'string' && endedCodes.has(code)) return true
  return typeof message === 'string' && endedMessage.test(message)
}

const listeners = new Set<() => void>()

/** The signed-out sentence when `error` says the session ended (and the watcher is told), else null. */
export function sessionEndedText(error: unknown): string | null {
  if (!isSessionEndedError(error)) return null
  reportSessionEnded()
  return signedOutText
}

/** Tells whoever watches the session (the admin) that a request found it ended. */
export function reportSessionEnded(): void {
  listeners.forEach((listener) => listener())
}

/** Calls `listener` on every report; returns its removal. */
export function onSessionEndedReport(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
