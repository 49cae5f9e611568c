import { act, fireEvent, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lazyWithRetry } from '@/lib/lazy-with-retry'
import { LoadBoundary } from './load-boundary'

afterEach(() => vi.unstubAllGlobals())

function Hello() {
  return <p>Hello</p>
}

describe('a lazily loaded part inside LoadBoundary', () => {
  it('offers Try again in its place when it cannot load, keeps the rest, and loads anew on Try again', async () => {
    vi.stubGlobal('navigator', { onLine: false })
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/hello-1.js'))
      .mockResolvedValue({ Hello })
    const Lazy = lazyWithRetry(load, (module: { Hello: typeof Hello }) => module.Hello)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await act(async () =>
      render(
        <main>
          <h1>Rest of the page</h1>
          <LoadBoundary>
            <Suspense fallback={<p>Loading</p>}>
              <Lazy />
            </Suspense>
          </LoadBoundary>
        </main>,
      ),
    )
    expect(screen.getByRole('alert').textContent).toContain("This part couldn't be loaded.")
    expect(screen.getByRole('heading', { name: 'Rest of the page' })).toBeTruthy()

    vi.stubGlobal('navigator', { onLine: true })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })))
    expect(await screen.findByText('Hello')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(load).toHaveBeenCalledTimes(2)
  })
})
