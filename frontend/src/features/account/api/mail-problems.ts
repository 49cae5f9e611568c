// Mails the outbox has not delivered (rpc('mail_problems'): retrying or given up), so the
// owner learns that an enquiry or invite did not go out.
import { supabase } from '@/lib/supabase'
import { useQuery } from '@/lib/use-query'

export interface MailProblem {
  id: number
  template: string
  recipient: string
  status: 'pending' | 'sending' | 'failed'
  attempts: number
  last_error: string | null
  created_at: string
}

/** Those worth telling about: given up, or tried at least once without success. */
export async function getMailProblems(): Promise<MailProblem[]> {
  const { data, error } = await supabase.rpc('mail_problems')
  if (error) throw error
  return ((data ?? []) as MailProblem[]).filter((m) => m.status === 'failed' || (m.attempts > 0 && m.last_error))
}

export function useMailProblems() {
  return useQuery('mail_problems', getMailProblems)
}
