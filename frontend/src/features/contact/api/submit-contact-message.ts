// Sends a contact form message. Visitors may insert but never read contact_messages, so
// the row is inserted without asking for it back (no .select()). The database allows a
// few messages per visitor address in a while and answers 429 beyond that.
import { useCallback, useState } from 'react'
import { loadSupabase } from '@/lib/load-supabase'
import { visitHeader } from '@/features/stats/visit'
import { isNetworkError } from '@/lib/network-error'
import type { ContactMessageInsert } from '../types'

export interface SubmitResult {
  success: boolean
  /** The server's or network's message; for the console only, never shown to the visitor. */
  error?: string
  /** The server refused because this visitor sent too many messages lately (HTTP 429). */
  rateLimited?: boolean
  /** How long the server asked to wait, in seconds (from the 429's details). */
  retryAfterSeconds?: number
  /** The server could not be reached at all. */
  offline?: boolean
}

/** The wait the database's limit states in the error's details ("Retry after 540 seconds."). */
export function retryAfter(details: string | null | undefined): number | undefined {
  const match = /Retry after (\d+) seconds?/.exec(details ?? '')
  return match ? Number(match[1]) : undefined
}

export async function submitContactMessage(row: ContactMessageInsert): Promise<SubmitResult> {
  try {
    const supabase = await loadSupabase()
    // The visit the message is sent in goes with it, for the statistics' enquiry count.
    const visit = visitHeader(window)
    const insert = supabase.from('contact_messages').insert(row)
    const { error, status } = await (visit ? insert.setHeader('X-Site-Visit', visit) : insert)
    if (error && status === 429) {
      console.error('Error sending contact message:', error)
      return { success: false, error: error.message, rateLimited: true, retryAfterSeconds: retryAfter(error.details) }
    }
    if (error) throw error
    return { success: true }
  } catch (error) {
    console.error('Error sending contact message:', error)
    const message =
      error instanceof Error || (error && typeof error === 'object' && 'message' in error)
        ? String((error as { message: unknown }).message || 'An error occurred')
        : 'An error occurred'
    return { success: false, error: message, offline: isNetworkError(error) }
  }
}

export function useSubmitContactMessage() {
  const [isSubmitting, setIsSubmitting] = useState(false)
  const submit = useCallback(async (row: ContactMessageInsert) => {
    setIsSubmitting(true)
    try {
      return await submitContactMessage(row)
    } finally {
      setIsSubmitting(false)
    }
  }, [])
  return { submit, isSubmitting }
}
