import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { PanelContent } from './panel-state'

function show(props: { data: unknown; isLoading: boolean; error: string | null }, onRetry = vi.fn()) {
  render(
    <PanelContent {...props} onRetry={onRetry}>
      <p>the content</p>
    </PanelContent>,
  )
  return onRetry
}

describe('PanelContent', () => {
  it('shows loading until the first answer', () => {
    show({ data: undefined, isLoading: true, error: null })
    expect(screen.getByRole('status').textContent).toBe('Loading...')
    expect(screen.queryByText('the content')).toBeNull()
  })

  it('shows the error with a retry when there is nothing to show', () => {
    const onRetry = show({ data: undefined, isLoading: false, error: 'offline' })
    expect(screen.getByRole('alert').textContent).toBe('Error loading content: offline')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('keeps showing the content while it re-reads or when a re-read fails', () => {
    show({ data: [], isLoading: true, error: 'offline' })
    expect(screen.getByText('the content')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows the content for a read that found no row (null)', () => {
    show({ data: null, isLoading: false, error: null })
    expect(screen.getByText('the content')).toBeTruthy()
  })
})
