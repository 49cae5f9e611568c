// The popup gallery's state: which image shows, and the auto-advance that moves it every
// 4000 ms while playing. Opening resets to the first image with auto-play on; any move
// (manual or automatic) restarts the 4 s wait. While `paused` (the full-screen viewer is
// over it) the photo stays put, whatever the play state.
import { useCallback, useEffect, useState } from 'react'
import { limits } from '@/config/site'
import { clampIndex, nextIndex, previousIndex } from './gallery'

export function useGallery(count: number, open: boolean, intervalMs: number = limits.galleryAutoAdvanceMs, paused = false) {
  const [index, setIndex] = useState(0)
  const [isPlaying, setIsPlaying] = useState(true)
  const [wasOpen, setWasOpen] = useState(open)

  // Reset during render (not in an effect) so the first frame already shows image 1.
  if (open !== wasOpen) {
    setWasOpen(open)
    if (open) {
      setIndex(0)
      setIsPlaying(true)
    }
  }

  const current = clampIndex(index, count)
  const canPlay = count > 1

  useEffect(() => {
    if (!open || paused || !isPlaying || !canPlay) return
    const timer = setTimeout(() => setIndex((i) => nextIndex(clampIndex(i, count), count)), intervalMs)
    return () => clearTimeout(timer)
  }, [open, paused, isPlaying, canPlay, count, current, intervalMs])

  return {
    index: current,
    isPlaying: isPlaying && canPlay,
    canPlay,
    next: useCallback(() => setIndex((i) => nextIndex(clampIndex(i, count), count)), [count]),
    previous: useCallback(() => setIndex((i) => previousIndex(clampIndex(i, count), count)), [count]),
    goTo: useCallback((target: number) => setIndex(clampIndex(target, count)), [count]),
    togglePlaying: useCallback(() => setIsPlaying((playing) => !playing), []),
  }
}
