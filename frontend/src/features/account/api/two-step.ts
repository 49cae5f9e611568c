// Two-step sign-in from the Account section, through supabase-js's mfa API: the
// account's factors (GET /user), enrolling a TOTP app (POST /factors, then the first
// code through challengeAndVerify, which makes this session aal2) and removing one
// (DELETE /factors/{id}, which for a verified factor needs an aal2 session).
import type { Factor } from '@supabase/supabase-js'
import { twoStepTexts } from '@/config/two-step'
import { isNetworkError, networkErrorText } from '@/lib/network-error'
import { supabase } from '@/lib/supabase'

export interface TotpEnrolment {
  factorId: string
  /** An SVG data URI of the otpauth:// link. */
  qrCode: string
  /** The base32 secret, for typing into an app that cannot scan. */
  secret: string
}

const failure = (text: string, error: unknown) => new Error(isNetworkError(error) ? networkErrorText : text, { cause: error })

export async function listFactors(): Promise<Factor[]> {
  const { data, error } = await supabase.auth.mfa.listFactors()
  if (error) {
    console.error('Error listing the factors:', error)
    throw failure(twoStepTexts.errors.loadFailed, error)
  }
  return data.all
}

/** The first "Authenticator app N" no factor of the account is called. */
export function freeFactorName(factors: Pick<Factor, 'friendly_name'>[]): string {
  const taken = new Set(factors.map((factor) => factor.friendly_name))
  let index = 1
  while (taken.has(twoStepTexts.factorName(index))) index += 1
  return twoStepTexts.factorName(index)
}

/**
 * Starts a TOTP enrolment. An app left half-added (the page closed before its code)
 * is removed first: it holds its name and counts toward the account's factors.
 */
export async function enrollTotp(factors: Factor[]): Promise<TotpEnrolment> {
  const unfinished = factors.filter((factor) => factor.factor_type === 'totp' && factor.status !== 'verified')
  for (const factor of unfinished) await supabase.auth.mfa.unenroll({ factorId: factor.id })
  const verified = factors.filter((factor) => factor.status === 'verified')
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: freeFactorName(verified) })
  if (error) {
    console.error('Error enrolling a factor:', error)
    throw failure(
      error.code === 'too_many_enrolled_mfa_factors' ? twoStepTexts.errors.tooManyFactors : twoStepTexts.errors.enrolFailed,
      error,
    )
  }
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret }
}

export async function removeFactor(factorId: string): Promise<void> {
  const { error } = await supabase.auth.mfa.unenroll({ factorId })
  if (error) {
    // The server wants this session to pass the second step first: the form asks for a code.
    if (error.code === 'insufficient_aal') throw new Error(twoStepTexts.removeNeedsCode, { cause: error })
    console.error('Error removing a factor:', error)
    throw failure(twoStepTexts.errors.removeFailed, error)
  }
}
