import { afterEach, describe, expect, it, vi } from 'vitest'
import { failedModuleUrl, importWithRetry } from './import-with-retry'

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
})
