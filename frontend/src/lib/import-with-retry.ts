//! Loading the app's lazily loaded code so that a brief network drop or an upgrade does not
//! break the page. A failed `import()` is tried again with a new import (the browser's or
//! React's memory of the failure is never reused); when the file is gone from the server
//! (the site was upgraded while this tab was open, and the old chunk names with it), the
//! page reloads itself once to pick up the new ones. Everything a visitor or the owner is
//! typing is kept in sessionStorage, so that reload loses nothing.

/** The chunk the page last reloaded itself for; guards against a reload loop. */
const reloadKey = 'pleat:reloaded-for-chunk'

/** Pauses before each retry after the first: a dropped connection often comes back within a second. */
const retryDelaysMs = [0, 400, 1500]

/** The script a failed dynamic import names (Chromium and Firefox name it; Safari does not). */
export function failedModuleUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  const match = /(https?:\/\/[^\s'"]+?\.m?js)(?:\?[^\s'"]*)?(?=$|[\s'"])/.exec(message)
  return match ? match[1] : null
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

function offline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false
}

/**
 * Stylesheets of lazy chunks whose load failed stay in the page; the bundler's loader then
 * counts them as loaded. Removing them lets the next try add them again.
 */
function dropFailedStylesheets(): void {
  if (typeof document === 'undefined') return
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (link.sheet === null && new URL(link.href, window.location.href).origin === window.location.origin) link.remove()
  }
}

/** True when the server says the script is not there (404/410), not merely unreachable. */
async function chunkGone(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { method: 'HEAD', cache: 'no-store' })
    return response.status === 404 || response.status === 410
  } catch {
    return false
  }
}

function reloadedFor(url: string): boolean {
  try {
    return sessionStorage.getItem(reloadKey) === url
  } catch {
    // Storage refused (private mode, say): never reload, so no loop is possible.
    return true
  }
}

/** The code asked for is gone from the server: the site was upgraded, and only a reload helps. */
export class SiteUpdatedError extends Error {
  constructor(readonly url: string) {
    super(`${url} is no longer on the server (the site was updated)`)
    this.name = 'SiteUpdatedError'
  }
}

/** How long a reload may take to unload the page before it counts as declined (the owner chose to stay). */
const reloadDeclinedAfterMs = 5000

/**
 * Reloads the page once per missing chunk. Resolves never while the page goes away; rejects
 * when it already reloaded for this chunk (no loop) or the reload was declined, so the
 * caller can offer the reload itself.
 */
function reloadOnce<M>(url: string): Promise<M> {
  const gone = new SiteUpdatedError(url)
  if (reloadedFor(url)) return Promise.reject(gone)
  try {
    sessionStorage.setItem(reloadKey, url)
  } catch {
    return Promise.reject(gone)
  }
  window.location.reload()
  return new Promise<M>((_, reject) => setTimeout(() => reject(gone), reloadDeclinedAfterMs))
}

/**
 * Runs `load` (a bare `() => import('./module')`), trying again when it fails: a new
 * `import()` each time, the last one of the file's own address with a query the browser
 * has not seen (where it keeps failed modules). Offline it gives up at once, so the page
 * can offer "Try again". A chunk the server no longer has reloads the page once, unless
 * `reload` is false (loading ahead of use, or something the visitor did not ask for: a
 * hover must not reload the page under them); it then fails with SiteUpdatedError.
 */
export async function importWithRetry<M>(load: () => Promise<M>, { reload = true }: { reload?: boolean } = {}): Promise<M> {
  let lastError: unknown
  // The file's address, as the first failure named it (a later one may name another).
  let moduleUrl: string | null = null
  for (const [attempt, delay] of retryDelaysMs.entries()) {
    if (attempt > 0) {
      if (offline()) break
      await pause(delay)
      dropFailedStylesheets()
    }
    const busted = attempt === retryDelaysMs.length - 1 ? moduleUrl : null
    try {
      return busted ? ((await import(/* @vite-ignore */ `${busted}?retry=${Date.now()}`)) as M) : await load()
    } catch (error) {
      lastError = error
      moduleUrl ??= failedModuleUrl(error)
    }
  }
  if (moduleUrl && !offline() && (await chunkGone(moduleUrl))) {
    return reload ? reloadOnce<M>(moduleUrl) : Promise.reject(new SiteUpdatedError(moduleUrl))
  }
  throw lastError
}
