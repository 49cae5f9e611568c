// What an emailed auth link left in the address when the page loaded. supabase-js reads
// the session from the fragment and then clears it, so this is captured as the client
// module is evaluated (lib/supabase.ts imports it first), before that can happen.
import { emailLinkFromHash, type EmailLink } from '@/features/account/validation'

export const landingEmailLink: EmailLink = typeof window === 'undefined' ? null : emailLinkFromHash(window.location.hash)
