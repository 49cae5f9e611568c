// Passkeys through supabase-js 2.109 (its experimental passkey API, turned on in
// lib/supabase.ts): sign in with one (POST /passkeys/authentication/options, then
// /verify), register this device, list and remove them. Failures reject with the
// text to show.
import type { PasskeyListItem } from '@supabase/supabase-js'
import { passkeyErrorText, registerErrorText } from '../mfa-errors'
import { twoStepTexts } from '@/config/two-step'
import { isNetworkError, networkErrorText } from '@/lib/network-error'
import { supabase } from '@/lib/supabase'
import { useMutation } from '@/lib/use-mutation'

/** Whether this browser can run a WebAuthn ceremony at all (the button is hidden otherwise). */
export function supportsPasskeys(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.PublicKeyCredential === 'function' &&
    typeof navigator.credentials?.create === 'function' &&
    typeof navigator.credentials?.get === 'function'
  )
}

export async function signInWithPasskey(): Promise<void> {
  const { error } = await supabase.auth.signInWithPasskey()
  if (error) {
    console.error('Error signing in with a passkey:', error)
    throw new Error(passkeyErrorText(error), { cause: error })
  }
}

export async function registerPasskey(): Promise<void> {
  const { error } = await supabase.auth.registerPasskey()
  if (error) {
    console.error('Error registering a passkey:', error)
    throw new Error(registerErrorText(error), { cause: error })
  }
}

export async function listPasskeys(): Promise<PasskeyListItem[]> {
  const { data, error } = await supabase.auth.passkey.list()
  if (error) {
    console.error('Error listing passkeys:', error)
    throw new Error(isNetworkError(error) ? networkErrorText : twoStepTexts.errors.loadFailed, { cause: error })
  }
  return data
}

export async function removePasskey(passkeyId: string): Promise<void> {
  const { error } = await supabase.auth.passkey.delete({ passkeyId })
  if (error) {
    console.error('Error removing a passkey:', error)
    throw new Error(isNetworkError(error) ? networkErrorText : twoStepTexts.errors.removeFailed, { cause: error })
  }
}

export function useSignInWithPasskey() {
  return useMutation(signInWithPasskey)
}
