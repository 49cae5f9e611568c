// The second step after the password, through supabase-js: a TOTP code
// (mfa.challengeAndVerify: POST /factors/{id}/challenge then /verify) or a security
// key registered as a factor (mfa.webauthn.authenticate). On success supabase-js keeps
// the aal2 session and tells the auth listeners (MFA_CHALLENGE_VERIFIED), so the admin
// opens by itself. A failure rejects with the text to show (the auth error as its cause).
import type { Factor, Session } from '@supabase/supabase-js'
import { useEffect, useState } from 'react'
import { supabase } from '@/lib/supabase'
import { useMutation } from '@/lib/use-mutation'
import { verifiedFactors } from '../assurance'
import { codeErrorText, passkeyErrorText } from '../mfa-errors'
import { twoStepTexts } from '@/config/two-step'

/** Six digits, spaces (as apps group them) ignored; null when it is not that. */
export function normalizeCode(raw: string): string | null {
  const code = raw.replace(/\s+/g, '')
  return /^\d{6}$/.test(code) ? code : null
}

export async function verifyCode(factorId: string, raw: string): Promise<void> {
  const code = normalizeCode(raw)
  if (!code) throw new Error(twoStepTexts.errors.codeFormat)
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code })
  if (error) {
    console.error('Error verifying the code:', error)
    throw new Error(codeErrorText(error), { cause: error })
  }
}

export async function verifyWithKey(factorId: string): Promise<void> {
  const { error } = await supabase.auth.mfa.webauthn.authenticate({ factorId })
  if (error) {
    console.error('Error verifying with the security key:', error)
    throw new Error(passkeyErrorText(error), { cause: error })
  }
}

export function useVerifyCode() {
  return useMutation(verifyCode)
}

export function useVerifyWithKey() {
  return useMutation(verifyWithKey)
}

/**
 * The account's verified factors: those the session carries at once, then the server's
 * list (a factor added on another device after this session began is missing from it).
 */
export function useVerifiedFactors(session: Session): Factor[] {
  const [fresh, setFresh] = useState<Factor[] | null>(null)
  const userId = session.user.id
  useEffect(() => {
    let active = true
    supabase.auth.mfa.listFactors().then(
      ({ data }) => {
        if (active && data) setFresh(data.all)
      },
      (error: unknown) => console.error('Error listing the factors:', error),
    )
    return () => {
      active = false
    }
  }, [userId])
  return verifiedFactors({ factors: fresh ?? session.user.factors })
}
