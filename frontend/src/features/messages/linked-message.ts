// The message a notification mail links to (/admin?message=<id>): read once when the
// admin's code loads, and taken out of the address at once, so the section shown stays
// out of the URL (a reload shows the admin as usual) while the inbox can open that message.
let linked: string | null = null

if (typeof window !== 'undefined') {
  const url = new URL(window.location.href)
  const id = url.searchParams.get('message')
  if (id && /^[0-9a-f-]{36}$/i.test(id)) linked = id
  if (url.searchParams.has('message')) {
    url.searchParams.delete('message')
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
  }
}

/** Whether a mail link named a message still to open (the admin then starts in the inbox). */
export function hasLinkedMessage(): boolean {
  return linked !== null
}

/** The linked message's id, until forgotten. */
export function linkedMessage(): string | null {
  return linked
}

export function forgetLinkedMessage(): void {
  linked = null
}
