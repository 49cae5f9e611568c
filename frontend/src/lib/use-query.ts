// A small shared cache for the read calls: every component asking for the same key shares
// one request and its result (header, footer, theme and metadata all need site_settings),
// and pages visited again show their content at once. A key whose data the server inlined
// into the page (lib/page-data.ts) starts with it and is not fetched. `refetch` reloads a
// key, for editors. A read that fails is tried again in the background, with growing
// pauses, while something still shows it (a section whose data did not come recovers).
import { useCallback, useSyncExternalStore } from 'react'
import { isNetworkError, networkErrorText } from './network-error'
import { sessionEndedText } from './session-ended'

export interface QueryState<T> {
  data: T | undefined
  isLoading: boolean
  /** The failure's message ('An error occurred' when it has none); null when the read worked. */
  error: string | null
}

export interface QueryResult<T> extends QueryState<T> {
  refetch: () => Promise<void>
}

interface Entry {
  state: QueryState<unknown>
  listeners: Set<() => void>
  inFlight: Promise<void> | null
  /** Failed reads in a row; sets the pause before the next background try. */
  failures: number
  retry: ReturnType<typeof setTimeout> | null
}

/** Pause before background try `n` (1-based): 2 s, 4 s, 8 s … at most a minute. */
export function retryDelayMs(failures: number): number {
  return Math.min(60_000, 1000 * 2 ** failures)
}

const entries = new Map<string, Entry>()

export function errorMessage(error: unknown): string {
  if (isNetworkError(error)) return networkErrorText
  const ended = sessionEndedText(error)
  if (ended) return ended
  if (error instanceof Error && error.message) return error.message
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) {
    return error.message
  }
  return 'An error occurred'
}

function setState(entry: Entry, state: QueryState<unknown>) {
  entry.state = state
  entry.listeners.forEach((listener) => listener())
}

/** Reads `key`; a background retry keeps the error shown (no flash of "loading") until it works. */
function load(key: string, entry: Entry, fetcher: () => Promise<unknown>, background = false): Promise<void> {
  if (entry.inFlight) return entry.inFlight
  if (entry.retry) clearTimeout(entry.retry)
  entry.retry = null
  if (!background && !entry.state.isLoading) setState(entry, { ...entry.state, isLoading: true })
  entry.inFlight = fetcher().then(
    (data) => {
      entry.inFlight = null
      entry.failures = 0
      setState(entry, { data, isLoading: false, error: null })
    },
    (error: unknown) => {
      entry.inFlight = null
      entry.failures += 1
      console.error(`Error loading ${key}:`, error)
      setState(entry, { data: undefined, isLoading: false, error: errorMessage(error) })
      entry.retry = setTimeout(() => {
        entry.retry = null
        if (entry.listeners.size > 0) void load(key, entry, fetcher, true)
      }, retryDelayMs(entry.failures))
    },
  )
  return entry.inFlight
}

function entryFor(key: string, fetcher: () => Promise<unknown>, initial?: () => unknown): Entry {
  let entry = entries.get(key)
  if (!entry) {
    const data = initial?.()
    if (data !== undefined) {
      entry = { state: { data, isLoading: false, error: null }, listeners: new Set(), inFlight: null, failures: 0, retry: null }
      entries.set(key, entry)
      return entry
    }
    entry = { state: { data: undefined, isLoading: true, error: null }, listeners: new Set(), inFlight: null, failures: 0, retry: null }
    entries.set(key, entry)
    void load(key, entry, fetcher)
  }
  return entry
}

/**
 * Reads `key` through `fetcher` once per page load; every caller of the key shares it.
 * `initial` gives data the page already has (undefined when it has none), used instead.
 */
export function useQuery<T>(key: string, fetcher: () => Promise<T>, initial?: () => T | undefined): QueryResult<T> {
  const entry = entryFor(key, fetcher, initial)
  const subscribe = useCallback(
    (listener: () => void) => {
      entry.listeners.add(listener)
      return () => entry.listeners.delete(listener)
    },
    [entry],
  )
  const state = useSyncExternalStore(
    subscribe,
    () => entry.state,
    () => entry.state,
  ) as QueryState<T>
  const refetch = useCallback(() => load(key, entry, fetcher), [key, entry, fetcher])
  return { ...state, refetch }
}

/** Forgets every cached result (tests start from a clean cache). */
export function resetQueryCache(): void {
  entries.forEach((entry) => entry.retry && clearTimeout(entry.retry))
  entries.clear()
}
