import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { firstScreenDone, onFirstScreenDone } from './first-screen'

describe('first screen', () => {
  let frames: FrameRequestCallback[]

  beforeEach(() => {
    vi.useFakeTimers()
    frames = []
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true })
  })

  afterEach(() => {
    Reflect.deleteProperty(document, 'readyState')
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('is done once the document has loaded and a frame has been painted after it', () => {
    const listener = vi.fn()
    onFirstScreenDone(listener)
    vi.advanceTimersByTime(100)
    expect(frames).toHaveLength(0)
    expect(firstScreenDone()).toBe(false)

    window.dispatchEvent(new Event('load'))
    expect(frames).toHaveLength(1)
    frames[0](0) // the frame's callbacks run before it paints
    expect(listener).not.toHaveBeenCalled()
    vi.advanceTimersByTime(0) // the task queued there runs after the paint
    expect(listener).toHaveBeenCalledTimes(1)
    expect(firstScreenDone()).toBe(true)

    const late = vi.fn()
    onFirstScreenDone(late)
    expect(late).not.toHaveBeenCalled() // already done: a subscriber reads the snapshot instead
  })

  it('gives up waiting after 3 s (a background tab that never paints)', () => {
    const listener = vi.fn()
    onFirstScreenDone(listener)
    vi.advanceTimersByTime(2999)
    expect(listener).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('stops calling a listener that unsubscribed', () => {
    const listener = vi.fn()
    const unsubscribe = onFirstScreenDone(listener)
    unsubscribe()
    vi.advanceTimersByTime(3000)
    expect(listener).not.toHaveBeenCalled()
    expect(firstScreenDone()).toBe(true)
  })
})
