import { describe, expect, it } from 'vitest'
import { failureText, isNetworkError, networkErrorText } from './network-error'
import { errorMessage } from './use-query'

describe('isNetworkError', () => {
  it("knows each browser's failed fetch, bare or as supabase-js words it", () => {
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true)
    expect(isNetworkError({ message: 'TypeError: Failed to fetch', details: '' })).toBe(true)
    expect(isNetworkError(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(true)
    expect(isNetworkError(new TypeError('Load failed'))).toBe(true)
    expect(isNetworkError(Object.assign(new Error('x'), { name: 'AuthRetryableFetchError', status: 0 }))).toBe(true)
  })

  it('leaves answers of the server alone', () => {
    expect(isNetworkError({ message: 'new row violates row-level security policy', code: '42501' })).toBe(false)
    expect(isNetworkError(Object.assign(new Error('x'), { name: 'AuthRetryableFetchError', status: 503 }))).toBe(false)
    expect(isNetworkError(null)).toBe(false)
  })

  it('is the message the app shows for it', () => {
    expect(errorMessage({ message: 'TypeError: Failed to fetch' })).toBe(networkErrorText)
    expect(errorMessage(new Error('permission denied for table hero_content'))).toBe('permission denied for table hero_content')
  })
})

describe('failureText', () => {
  it("keeps the spec's text and adds why when the server was not reached", () => {
    expect(failureText('Error saving content. Please try again.', networkErrorText)).toBe(
      `Error saving content. Please try again. ${networkErrorText}`,
    )
    expect(failureText('Error saving content. Please try again.', 'permission denied')).toBe('Error saving content. Please try again.')
  })
})
