import { afterEach, describe, expect, it, vi } from 'vitest'
import { failedModuleUrl, importWithRetry, SiteUpdatedError } from './import-with-retry'

afterEach(() => vi.unstubAllGlobals())

describe('failedModuleUrl', () => {
  it('reads the script from Chromium’s and Firefox’s messages, without a query', () => {
    expect(
      failedModuleUrl(new TypeError('Failed to fetch dynamically imported module: https://example.com/assets/project-dialog-nlC80ORj.js')),
    ).toBe('https://example.com/assets/project-dialog-nlC80ORj.js')
    expect(
      failedModuleUrl(new TypeError('error loading dynamically imported module: http://127.0.0.1:8080/assets/admin-D8.js?retry=1')),
    ).toBe('http://127.0.0.1:8080/assets/admin-D8.js')
  })

  it('is null when the browser names none (Safari) or it is no error', () => {
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeNull()
    expect(failedModuleUrl(undefined)).toBeNull()
  })
})

describe('importWithRetry', () => {
  it('imports anew after a failure, and resolves with the module once one works', async () => {
    const module = { ok: true }
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(module)
    await expect(importWithRetry(load)).resolves.toBe(module)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('gives up at once offline, with the error, so the page can offer Try again', async () => {
    vi.stubGlobal('navigator', { onLine: false })
    const failure = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/x-1.js')
    const load = vi.fn().mockRejectedValue(failure)
    await expect(importWithRetry(load)).rejects.toBe(failure)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('tells a chunk gone from the server (an upgrade) from a dropped connection, without reloading when told not to', async () => {
    const url = 'http://localhost/assets/project-dialog-old.js'
    const fetchMock = vi.fn(async () => new Response('not found', { status: 404 }))
    vi.stubGlobal('fetch', fetchMock)
    const load = vi.fn().mockRejectedValue(new TypeError(`Failed to fetch dynamically imported module: ${url}`))
    const failure = importWithRetry(load, { reload: false })
    await expect(failure).rejects.toBeInstanceOf(SiteUpdatedError)
    await expect(failure).rejects.toMatchObject({ url })
    expect(fetchMock).toHaveBeenCalledWith(url, { method: 'HEAD', cache: 'no-store' })

    // The server cannot be reached at all: the failure stays a network one (Try again helps).
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    const unreachable = new TypeError(`Failed to fetch dynamically imported module: ${url}`)
    await expect(importWithRetry(vi.fn().mockRejectedValue(unreachable), { reload: false })).rejects.not.toBeInstanceOf(SiteUpdatedError)
  }, 15_000)
})
