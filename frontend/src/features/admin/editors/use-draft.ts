//! An open admin form's unsaved values kept in sessionStorage (keyed by section and row),
//! so a reload, or a crash of the tab's page, gives them back: written while the form
//! holds changes, removed once it holds none (saved, discarded, typed back) and when
//! the form closes inside the app. A reload runs no clean-up, so the draft survives it.
import { useEffect } from 'react'

const prefix = 'pleat-admin-draft:'

export interface Draft<V, B> {
  values: V
  /** The row the values were edited on (its version guards the save), null for a new one. */
  base: B | null
}

export function draftKey(section: string, id: string | null | undefined): string {
  return `${prefix}${section}:${id ?? 'new'}`
}

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    // Storage can be switched off (private modes, policies): then drafts are not kept.
    return null
  }
}

export function readDraft<V, B>(key: string): Draft<V, B> | null {
  try {
    const text = storage()?.getItem(key)
    return text ? (JSON.parse(text) as Draft<V, B>) : null
  } catch {
    return null
  }
}

/** The keys of a section's drafts (`draftKey(section, …)`), e.g. to reopen a list's form. */
export function draftKeys(section: string): string[] {
  const store = storage()
  if (!store) return []
  const start = `${prefix}${section}:`
  return Array.from({ length: store.length }, (_, i) => store.key(i)).filter((key): key is string => Boolean(key?.startsWith(start)))
}

export function clearDraft(key: string): void {
  storage()?.removeItem(key)
}

/** Keeps `draft` under `key` while `dirty`; removes it when clean and when the form closes. */
export function useDraft<V, B>(key: string, dirty: boolean, draft: Draft<V, B>): void {
  const text = dirty ? JSON.stringify(draft) : null
  useEffect(() => () => clearDraft(key), [key])
  useEffect(() => {
    if (text === null) clearDraft(key)
    else
      try {
        storage()?.setItem(key, text)
      } catch {
        // A full storage keeps no draft; the form itself still holds the values.
      }
  }, [key, text])
}
