//! Where keyboard focus goes around an admin list's form: into the form when it opens
//! (its first field), and back to what opened it when it closes: the row's Edit button
//! (marked `data-focus-key`), else the list's Add button (`data-focus-key="add"`).
import { useEffect, useRef, type RefObject } from 'react'

function focusTarget(key: string | null): HTMLElement | null {
  const byKey = key ? document.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(key)}"]`) : null
  return byKey ?? document.querySelector<HTMLElement>('[data-focus-key="add"]')
}

export function useReturnFocus() {
  const pending = useRef<{ key: string | null } | null>(null)

  // After each render: once the list is back, focus the element that opened the form.
  useEffect(() => {
    if (!pending.current) return
    const target = focusTarget(pending.current.key)
    if (target) {
      pending.current = null
      target.focus()
    }
  })

  return {
    /** Asks for focus on the row `key` (or Add) once the list shows again. */
    back: (key: string | null) => {
      pending.current = { key }
    },
  }
}

/** Focuses the first field of a form when it opens (the form's ref). */
export function useFocusFirstField(form: RefObject<HTMLElement | null>) {
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('input, select, textarea, [contenteditable="true"]')?.focus()
  }, [form])
}
