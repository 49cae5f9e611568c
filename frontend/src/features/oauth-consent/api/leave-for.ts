// Leaves the site for the app's address (the request was already answered for this
// account). Its own module so the page's tests can see where it would go.

export function leaveFor(url: string): void {
  window.location.assign(url)
}
