// What the public pages tell the site's own statistics, and when they tell nothing. A
// view names the page's path and the visit it belongs to: the first page the tab showed
// and the domain of the site that linked to it. The visit lives in the tab's
// sessionStorage (never a cookie, never sent but with a view or an enquiry) and ends with
// the tab. Nothing is counted for a visitor whose browser asks not to be tracked (Do Not
// Track or Global Privacy Control), for a draft preview, or in a browser signed in to
// the admin (the owner looking at their own site).
import { isDraftPreview } from '@/lib/preview-drafts'

const VISIT_KEY = 'pleat-visit'

/** The visit a view or an enquiry is counted for. */
export interface Visit {
  /** The path of the first page of the visit. */
  page: string
  /** The domain of the site that linked to it ('' when none did). */
  source: string
}

/** The arguments of rpc('record_page_view'). */
export interface PageView {
  page: string
  referrer_domain: string
  first_view: boolean
}

/** The parts of `window` the decisions read, so tests can hand in their own. */
export interface VisitWindow {
  navigator: { doNotTrack?: string | null; globalPrivacyControl?: boolean }
  doNotTrack?: string | null
  localStorage?: Pick<Storage, 'length' | 'key'>
  sessionStorage?: Pick<Storage, 'getItem' | 'setItem'>
}

/** The browser asks sites not to track it (either signal, as its user set it). */
export function asksNotToTrack(win: VisitWindow): boolean {
  return win.navigator.doNotTrack === '1' || win.doNotTrack === '1' || win.navigator.globalPrivacyControl === true
}

/** This browser holds a session of the admin (supabase-js keeps it as `sb-…-auth-token`). */
export function signedInHere(win: VisitWindow): boolean {
  try {
    const storage = win.localStorage
    if (!storage) return false
    for (let i = 0; i < storage.length; i += 1) {
      if (/^sb-.+-auth-token$/.test(storage.key(i) ?? '')) return true
    }
  } catch {
    // Storage that cannot be read holds no session either.
  }
  return false
}

/** Whether this page may count views and enquiries at all. */
export function statsAllowed(win: VisitWindow): boolean {
  return !asksNotToTrack(win) && !isDraftPreview() && !signedInHere(win)
}

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '')

/**
 * The domain of the page that linked here, without anything else of its address; '' for
 * none, for this site itself, or for anything that is not a web address.
 */
export function referrerDomain(referrer: string, ownHost: string): string {
  if (!referrer) return ''
  try {
    const url = new URL(referrer)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return ''
    const host = bareHost(url.hostname)
    return host === bareHost(ownHost) ? '' : host
  } catch {
    return ''
  }
}

let memoryVisit: Visit | null = null

function readVisit(win: VisitWindow): Visit | null {
  try {
    const text = win.sessionStorage?.getItem(VISIT_KEY)
    if (text) {
      const value: unknown = JSON.parse(text)
      if (value && typeof value === 'object' && 'page' in value && 'source' in value) {
        const { page, source } = value as Record<string, unknown>
        if (typeof page === 'string' && typeof source === 'string') return { page, source }
      }
    }
  } catch {
    // Unreadable storage (disabled, full, private mode): the page's own memory stands in.
  }
  return memoryVisit
}

function writeVisit(win: VisitWindow, visit: Visit) {
  memoryVisit = visit
  try {
    win.sessionStorage?.setItem(VISIT_KEY, JSON.stringify(visit))
  } catch {
    // As above: the visit lasts as long as the page then.
  }
}

export interface ViewContext {
  /** The page's path, without its query or fragment. */
  path: string
  /** document.referrer */
  referrer: string
  /** location.hostname */
  ownHost: string
  /** The first view since the document loaded (not a move within the app). */
  firstOfDocument: boolean
  /** How the document was reached: 'navigate', 'reload', 'back_forward', 'prerender'. */
  navigationType: string
}

/**
 * The view to record for a page shown now, starting a visit when the tab has none or
 * when another site linked here anew (a reload or going back is the same visit).
 */
export function noteView(win: VisitWindow, context: ViewContext): PageView {
  const stored = readVisit(win)
  const linkedFrom = context.firstOfDocument ? referrerDomain(context.referrer, context.ownHost) : ''
  const fresh = !stored || (linkedFrom !== '' && context.navigationType === 'navigate' && linkedFrom !== stored.source)
  const visit = fresh ? { page: context.path, source: linkedFrom } : stored
  if (fresh) writeVisit(win, visit)
  return { page: context.path, referrer_domain: visit.source, first_view: fresh }
}

/**
 * The X-Site-Visit header value a contact message is sent with, so the database counts
 * one enquiry for the visit; null when nothing may be counted.
 */
export function visitHeader(win: VisitWindow): string | null {
  if (!statsAllowed(win)) return null
  const visit = readVisit(win)
  return visit ? JSON.stringify(visit) : null
}

/** Forgets the visit (tests). */
export function resetVisit(): void {
  memoryVisit = null
}
