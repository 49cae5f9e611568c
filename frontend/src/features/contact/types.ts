// The contact form's values as typed, and the contact_messages row it sends.
export interface ContactFormValues {
  firstName: string
  lastName: string
  email: string
  phone: string
  serviceNeeded: string
  message: string
}

/** What is inserted into contact_messages (id and created_at come from the database). */
export interface ContactMessageInsert {
  first_name: string
  last_name: string
  email: string
  phone: string | null
  service_needed: string | null
  message: string
}
