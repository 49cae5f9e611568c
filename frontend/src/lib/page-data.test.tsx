import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { inlinedRow, inlinedRows } from './page-data'
import { useQuery } from './use-query'

function inline(text: string) {
  const script = document.createElement('script')
  script.type = 'application/json'
  script.id = 'pleat-data'
  script.textContent = text
  document.head.appendChild(script)
}

afterEach(() => document.getElementById('pleat-data')?.remove())

describe('inlined page data', () => {
  it('gives each declared read its rows, and undefined for reads the page lacks', () => {
    inline('{"services":[{"title":"A"}],"hero_content":[],"about_content":[{"title":"B"}]}')
    expect(inlinedRows('services')).toEqual([{ title: 'A' }])
    expect(inlinedRow('hero_content')).toBeNull()
    expect(inlinedRow('about_content')).toEqual({ title: 'B' })
    expect(inlinedRows('testimonials')).toBeUndefined()
  })

  it('is empty without the element or with broken JSON', () => {
    expect(inlinedRows('services')).toBeUndefined()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    inline('{not json')
    expect(inlinedRows('services')).toBeUndefined()
  })

  it('starts a query with the inlined data instead of fetching', () => {
    inline('{"services":[{"title":"A"}]}')
    const fetcher = vi.fn(async () => [{ title: 'fetched' }])
    const { result } = renderHook(() => useQuery('services', fetcher, () => inlinedRows('services')))
    expect(result.current).toMatchObject({ data: [{ title: 'A' }], isLoading: false, error: null })
    expect(fetcher).not.toHaveBeenCalled()
  })

  it('fetches a query the page has no data for', () => {
    const fetcher = vi.fn(async () => [])
    const { result } = renderHook(() => useQuery('testimonials', fetcher, () => inlinedRows('testimonials')))
    expect(result.current.isLoading).toBe(true)
    expect(fetcher).toHaveBeenCalledOnce()
  })
})
