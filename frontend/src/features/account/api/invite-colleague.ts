// "Invite a colleague": POST /auth/v1/invite with the owner's own access token (Pleat lets
// a signed-in editor invite; see docs/mail.md). supabase-js's auth.admin would send the
// anon key instead, so this is a plain fetch in GoTrue's format.
import { accountTexts } from '@/config/account'
import { isNetworkError, networkErrorText } from '@/lib/network-error'
import { sessionEndedText } from '@/lib/session-ended'
import { supabase, supabaseConfig } from '@/lib/supabase'
import { useMutation } from '@/lib/use-mutation'
import { adminUrl } from '@/features/auth/api/request-password-reset'

/** Sends the invite; resolves to the new account's id (an editor until told otherwise). */
export async function inviteColleague(email: string): Promise<string> {
  const { data } = await supabase.auth.getSession()
  const token = data.session?.access_token
  if (!token) throw new Error(accountTexts.errors.inviteFailed)
  let res: Response
  try {
    res = await fetch(`${supabaseConfig.url}/auth/v1/invite?redirect_to=${encodeURIComponent(adminUrl())}`, {
      method: 'POST',
      headers: { apikey: supabaseConfig.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    })
  } catch (error) {
    console.error('Error inviting a colleague:', error)
    throw new Error(isNetworkError(error) ? networkErrorText : accountTexts.errors.inviteFailed, { cause: error })
  }
  if (res.ok) return ((await res.json().catch(() => ({}))) as { id?: string }).id ?? ''
  const body = (await res.json().catch(() => ({}))) as { msg?: string; error_code?: string }
  console.error('Error inviting a colleague:', res.status, body)
  const ended = sessionEndedText({ code: body.error_code })
  const text = ended
    ? ended
    : res.status === 429
      ? accountTexts.errors.rateLimited
      : res.status === 422 && body.msg
        ? body.msg
        : accountTexts.errors.inviteFailed
  throw new Error(text)
}

export function useInviteColleague() {
  return useMutation(inviteColleague)
}
