//! ← and → move the project popup's gallery while it is open (keys typed into a field,
//! or with a modifier, are left alone).
import { useEffect } from 'react'

export function useGalleryKeys(active: boolean, previous: () => void, next: () => void) {
  useEffect(() => {
    if (!active) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) return
      // A key sent to the document itself has no element to look inside.
      const target = event.target
      if (target instanceof Element && target.closest('input, textarea, select, [contenteditable="true"]')) return
      if (event.key === 'ArrowLeft') previous()
      else if (event.key === 'ArrowRight') next()
      else return
      event.preventDefault()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [active, previous, next])
}
