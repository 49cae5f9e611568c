// Sends a contact form message. Visitors may insert but never read contact_messages, so
// the row is inserted without asking for it back (no .select()).
import { useCallback, useState } from 'react'
import { loadSupabase } from '@/lib/load-supabase'
import type { ContactMessageInsert } from '../types'

export interface SubmitResult {
  success: boolean
  /** The server's or network's message; for the console only, never shown to the visitor. */
  error?: string
}

export async function submitContactMessage(row: ContactMessageInsert): Promise<SubmitResult> {
  try {
    const supabase = await loadSupabase()
    const { error } = await supabase.from('contact_messages').insert(row)
    if (error) throw error
    return { success: true }
  } catch (error) {
    console.error('Error sending contact message:', error)
    const message = error instanceof Error || (error && typeof error === 'object' && 'message' in error)
      ? String((error as { message: unknown }).message || 'An error occurred')
      : 'An error occurred'
    return { success: false, error: message }
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
