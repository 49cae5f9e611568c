// POST /auth/v1/oauth/authorizations/{id}/consent {action: approve|deny} (supabase-js
// auth.oauth.approveAuthorization / denyAuthorization). On success supabase-js sends the
// browser to the app's redirect_url itself (with the code, or error=access_denied, and
// the app's state), so the page only waits; a failure rejects with a ConsentError.
import { supabase } from '@/lib/supabase'
import { ConsentError, consentProblem } from '../consent-errors'

export type ConsentAnswer = 'approve' | 'deny'

export async function answerAuthorization(authorizationId: string, answer: ConsentAnswer): Promise<void> {
  const call = answer === 'approve' ? supabase.auth.oauth.approveAuthorization : supabase.auth.oauth.denyAuthorization
  const { data, error } = await call(authorizationId)
  if (error || !data) {
    console.error(`Error sending the answer (${answer}):`, error)
    throw new ConsentError(consentProblem(error), error)
  }
}
