import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { StatusMessage, statusTone } from './status-message'

describe('statusTone', () => {
  it("is red when the text contains 'Error', green otherwise", () => {
    expect(statusTone({ text: 'Error saving content. Please try again.' })).toBe('error')
    expect(statusTone({ text: 'Hero content updated successfully!' })).toBe('success')
    expect(statusTone({ text: 'an error' })).toBe('success')
    expect(statusTone({ text: 'Title and subtitle are required.', tone: 'error' })).toBe('error')
  })
})

describe('StatusMessage', () => {
  it('renders nothing without a status, and the coloured text with one', () => {
    const { container, rerender } = render(<StatusMessage status={null} />)
    expect(container.textContent).toBe('')
    rerender(<StatusMessage status={{ text: 'Error saving settings. Please try again.' }} />)
    expect(screen.getByRole('alert').className).toContain('text-red-700')
    rerender(<StatusMessage status={{ text: 'Site settings updated successfully!' }} />)
    expect(screen.getByRole('status').className).toContain('text-green-700')
  })
})
