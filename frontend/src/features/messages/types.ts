// Row shape of contact_messages as the admin reads it (visitors only ever insert).
export interface ContactMessage {
  id: string
  first_name: string
  last_name: string
  email: string
  phone: string | null
  service_needed: string | null
  message: string
  created_at: string
  /** When an editor read it; null while unread. */
  read_at?: string | null
  /** Where the owner is with it; only the owner changes it (reading it does not). */
  status: MessageStatus
  /** The owner's private note; never shown to the visitor. */
  note: string | null
}

export const messageStatuses = ['new', 'replied', 'done'] as const
export type MessageStatus = (typeof messageStatuses)[number]
