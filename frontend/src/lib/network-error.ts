//! One honest sentence for "the request never reached the server" (offline, server down,
//! blocked), in place of the browser's "TypeError: Failed to fetch" that supabase-js
//! passes on in its error messages.

import { signedOutText } from './session-ended'

export const networkErrorText = "Can't reach the server. Check your connection and try again."

// Chromium, Firefox, Safari and Node word a failed fetch differently; supabase-js prefixes
// the name ("TypeError: Failed to fetch") or wraps it (AuthRetryableFetchError).
const fetchFailure = /failed to fetch|networkerror|load failed|fetch failed|network request failed|err_connection|err_internet/i

/** True when `error` (an Error, a supabase-js error object or a message) says the request did not get through. */
export function isNetworkError(error: unknown): boolean {
  if (typeof error === 'string') return fetchFailure.test(error)
  if (!error || typeof error !== 'object') return false
  const { name, message, status } = error as { name?: unknown; message?: unknown; status?: unknown }
  if (name === 'AuthRetryableFetchError' && (status === 0 || status === undefined)) return true
  return typeof message === 'string' && fetchFailure.test(message)
}

/**
 * The spec's failure text, followed by the network sentence when that was the cause; a
 * refusal because the session ended says only that (signedOutText), whatever the editor.
 */
export function failureText(specText: string, cause: unknown): string {
  if (cause === signedOutText) return signedOutText
  return isNetworkError(cause) || cause === networkErrorText ? `${specText} ${networkErrorText}` : specText
}
