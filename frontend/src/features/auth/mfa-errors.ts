// The owner's words for what the server answered to a code or a passkey: a wrong code,
// one that took too long, the server's throttling (with how long to wait, from its
// Retry-After), a request that never arrived, a ceremony the browser or the person
// called off.
import { twoStepTexts } from '@/config/two-step'
import { isNetworkError, networkErrorText } from '@/lib/network-error'
import { retryAfterSeconds } from '@/lib/retry-after'

interface ErrorShape {
  status?: number
  code?: string
  name?: string
  cause?: unknown
}

const shape = (error: unknown): ErrorShape => (error && typeof error === 'object' ? (error as ErrorShape) : {})

/** Text for a failed code check (POST /factors/{id}/challenge or /verify). */
export function codeErrorText(error: unknown): string {
  if (isNetworkError(error)) return networkErrorText
  const { status, code } = shape(error)
  if (status === 429 || code === 'over_request_rate_limit')
    return twoStepTexts.errors.tooMany(retryAfterSeconds('/verify') ?? retryAfterSeconds('/challenge'))
  if (code === 'mfa_verification_failed' || code === 'mfa_verification_rejected') return twoStepTexts.errors.codeWrong
  if (code === 'mfa_challenge_expired') return twoStepTexts.errors.expired
  return twoStepTexts.errors.failed
}

/** True when the browser or the person ended a WebAuthn ceremony (cancelled, timed out, no credential chosen). */
export function isCeremonyCancelled(error: unknown): boolean {
  const { code, name, cause } = shape(error)
  return code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError' || shape(cause).name === 'NotAllowedError'
}

/** Text for a failed passkey sign-in, or a failed security-key second step. */
export function passkeyErrorText(error: unknown): string {
  if (isNetworkError(error)) return networkErrorText
  if (isCeremonyCancelled(error)) return twoStepTexts.errors.passkeyCancelled
  const { status, code } = shape(error)
  if (status === 429 || code === 'over_request_rate_limit')
    return twoStepTexts.errors.tooMany(retryAfterSeconds('/passkeys/authentication/verify'))
  // GoTrue answers an unknown credential as a failed verification.
  if (code === 'webauthn_credential_not_found' || code === 'webauthn_verification_failed') return twoStepTexts.errors.passkeyUnknown
  return twoStepTexts.errors.passkeyFailed
}

/** Text for a failed "Register this device". */
export function registerErrorText(error: unknown): string {
  if (isNetworkError(error)) return networkErrorText
  const { code, name } = shape(error)
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || code === 'webauthn_credential_exists' || name === 'InvalidStateError') {
    return twoStepTexts.errors.registerDuplicate
  }
  if (isCeremonyCancelled(error)) return twoStepTexts.errors.registerCancelled
  return twoStepTexts.errors.registerFailed
}
