import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { lazy } from 'react'
import { describe, expect, it } from 'vitest'
import { belowFoldSettled, whenBelowFoldReady } from '@/lib/below-fold'
import { Deferred } from './deferred'

const Content = lazy(async () => ({ default: () => <p>the real section</p> }))
const Broken = lazy(async (): Promise<{ default: () => null }> => {
  throw new Error('chunk missing')
})

describe('Deferred', () => {
  it('shows the stand-in until the first gesture, then the content', async () => {
    render(
      <Deferred placeholder={<p>stand-in</p>}>
        <Content />
      </Deferred>,
    )
    expect(screen.getByText('stand-in')).toBeTruthy()
    expect(belowFoldSettled()).toBe(false)
    fireEvent.keyDown(window, { key: 'Shift' })
    expect(await screen.findByText('the real section')).toBeTruthy()
    expect(screen.queryByText('stand-in')).toBeNull()
    expect(belowFoldSettled()).toBe(true)
  })

  it('lets a jump wait until the content is in the page', async () => {
    render(
      <Deferred placeholder={<p>stand-in</p>}>
        <Content />
      </Deferred>,
    )
    let ready = false
    const waiting = whenBelowFoldReady().then(() => {
      ready = true
      expect(screen.getByText('the real section')).toBeTruthy()
    })
    await act(() => waiting)
    expect(ready).toBe(true)
  })

  it('keeps the stand-in when the content cannot load, and stops waiting for it', async () => {
    const errors = console.error
    console.error = () => {}
    try {
      render(
        <Deferred placeholder={<p>stand-in</p>}>
          <Broken />
        </Deferred>,
      )
      fireEvent.keyDown(window, { key: 'Shift' })
      await waitFor(() => expect(belowFoldSettled()).toBe(true))
      await whenBelowFoldReady()
      expect(screen.getByText('stand-in')).toBeTruthy()
    } finally {
      console.error = errors
    }
  })
})
