import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useGallery } from './use-gallery'

describe('useGallery', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('advances every 4000 ms and wraps around', () => {
    const { result } = renderHook(() => useGallery(3, true))
    expect(result.current.index).toBe(0)
    act(() => vi.advanceTimersByTime(3999))
    expect(result.current.index).toBe(0)
    act(() => vi.advanceTimersByTime(1))
    expect(result.current.index).toBe(1)
    act(() => vi.advanceTimersByTime(4000))
    act(() => vi.advanceTimersByTime(4000))
    expect(result.current.index).toBe(0)
  })

  it('stays on its photo while the full-screen viewer is over it, and plays on after', () => {
    const { result, rerender } = renderHook(({ paused }) => useGallery(3, true, 4000, paused), { initialProps: { paused: true } })
    act(() => vi.advanceTimersByTime(20000))
    expect(result.current.index).toBe(0)
    act(() => result.current.goTo(2))
    rerender({ paused: false })
    expect(result.current.index).toBe(2)
    act(() => vi.advanceTimersByTime(4000))
    expect(result.current.index).toBe(0)
  })

  it('does not play with a single image', () => {
    const { result } = renderHook(() => useGallery(1, true))
    expect(result.current.canPlay).toBe(false)
    expect(result.current.isPlaying).toBe(false)
    act(() => vi.advanceTimersByTime(20000))
    expect(result.current.index).toBe(0)
  })

  it('pauses and resumes', () => {
    const { result } = renderHook(() => useGallery(3, true))
    act(() => result.current.togglePlaying())
    expect(result.current.isPlaying).toBe(false)
    act(() => vi.advanceTimersByTime(12000))
    expect(result.current.index).toBe(0)
    act(() => result.current.togglePlaying())
    act(() => vi.advanceTimersByTime(4000))
    expect(result.current.index).toBe(1)
  })

  it('moves by hand, restarting the 4 s wait', () => {
    const { result } = renderHook(() => useGallery(3, true))
    act(() => vi.advanceTimersByTime(3000))
    act(() => result.current.previous())
    expect(result.current.index).toBe(2)
    act(() => vi.advanceTimersByTime(3000))
    expect(result.current.index).toBe(2)
    act(() => vi.advanceTimersByTime(1000))
    expect(result.current.index).toBe(0)
    act(() => result.current.goTo(1))
    expect(result.current.index).toBe(1)
    act(() => result.current.next())
    expect(result.current.index).toBe(2)
  })

  it('starts again from the first image, playing, at every open', () => {
    const { result, rerender } = renderHook(({ open }) => useGallery(3, open), { initialProps: { open: true } })
    act(() => result.current.goTo(2))
    act(() => result.current.togglePlaying())
    rerender({ open: false })
    act(() => vi.advanceTimersByTime(10000))
    expect(result.current.index).toBe(2)
    rerender({ open: true })
    expect(result.current.index).toBe(0)
    expect(result.current.isPlaying).toBe(true)
  })
})
