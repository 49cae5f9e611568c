// supabase-js turns an error answer into an error object without its headers, so the
// client is created with this fetch, which remembers the Retry-After of the last 429
// per path (e.g. /auth/v1/token): a screen can then say how long to wait.

const waits = new Map<string, number>()

function pathOf(input: RequestInfo | URL): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  return new URL(url, 'http://localhost').pathname
}

/** Seconds from a Retry-After value: a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim())
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000))
}

/**
 * `fetch`, remembering the Retry-After of every 429 by the request's path. A DELETE is
 * sent with keepalive (it has no body to limit), so a deletion the admin sends as the
 * page closes (its undo window cut short) still reaches the server.
 */
export const fetchRememberingRetryAfter: typeof fetch = async (input, init) => {
  const keep = init?.method?.toUpperCase() === 'DELETE' ? { ...init, keepalive: true } : init
  const response = await globalThis.fetch(input, keep)
  if (response.status === 429) {
    const seconds = parseRetryAfter(response.headers.get('retry-after'))
    if (seconds === undefined) waits.delete(pathOf(input))
    else waits.set(pathOf(input), seconds)
  }
  return response
}

/**
 * The Retry-After, in seconds, of the last 429 answered for a path ending in `path`
 * (the API may be served under a prefix), if it said one.
 */
export function retryAfterSeconds(path: string): number | undefined {
  for (const [key, seconds] of waits) if (key.endsWith(path)) return seconds
  return undefined
}
