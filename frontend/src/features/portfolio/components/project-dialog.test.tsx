import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PortfolioItem } from '../types'
import { ProjectDialog } from './project-dialog'

const item: PortfolioItem = {
  id: '1',
  title: 'Living Room Linen Drapes',
  category: 'furniture-covers',
  description: '<p>Linen <strong>drapes</strong></p><img src=x onerror="window.__pwned = true"><script>window.__pwned = true</script>',
  image_url: '/a.svg',
  images: ['/a.svg', '/b.svg', '/c.svg'],
  featured: true,
  sort_order: 0,
  updated_at: null,
}

function Harness({ project = item }: { project?: PortfolioItem }) {
  const [open, setOpen] = useState(false)
  return (
    <MemoryRouter>
      <button type="button" onClick={() => setOpen(true)}>
        Open project
      </button>
      <ProjectDialog item={project} open={open} onClose={() => setOpen(false)} />
    </MemoryRouter>
  )
}

function open(project?: PortfolioItem) {
  render(<Harness project={project} />)
  const opener = screen.getByRole('button', { name: 'Open project' })
  opener.focus()
  fireEvent.click(opener)
  return { opener, dialog: screen.getByRole('dialog') }
}

function counter() {
  return screen.getByTestId('gallery-counter').textContent
}

afterEach(() => vi.useRealTimers())

describe('ProjectDialog', () => {
  it('is a labelled modal dialog that takes focus and locks page scrolling', () => {
    const { dialog } = open()
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(within(dialog).getByRole('heading', { name: 'Living Room Linen Drapes' })).toBeTruthy()
    expect(dialog.contains(document.activeElement)).toBe(true)
    expect(document.body.style.overflow).toBe('hidden')
  })

  it('closes on Escape, giving focus back and unlocking scrolling', () => {
    const { opener } = open()
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
    expect(document.body.style.overflow).toBe('')
  })

  it('closes on the backdrop and on the close button', () => {
    open()
    fireEvent.click(screen.getByTestId('dialog-backdrop'))
    expect(screen.queryByRole('dialog')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Open project' }))
    fireEvent.click(screen.getByRole('button', { name: 'Close project details' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('steps through the images cyclically with the arrows', () => {
    open()
    expect(counter()).toBe('1 of 3')
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }))
    expect(counter()).toBe('3 of 3')
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }))
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }))
    expect(counter()).toBe('2 of 3')
    expect(screen.getByRole('img', { name: /photo 2 of 3/ }).getAttribute('src')).toBe('/b.svg')
  })

  it('jumps with the thumbnails and the dots', () => {
    open()
    fireEvent.click(screen.getByRole('button', { name: 'Show image 3' }))
    expect(counter()).toBe('3 of 3')
    expect(screen.getByRole('button', { name: 'Show image 3' }).getAttribute('aria-current')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: 'Go to image 2' }))
    expect(counter()).toBe('2 of 3')
  })

  it('auto-advances every 4 s, pauses and resumes, and restarts at image 1 when reopened', () => {
    vi.useFakeTimers()
    open()
    act(() => vi.advanceTimersByTime(4000))
    expect(counter()).toBe('2 of 3')
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }))
    act(() => vi.advanceTimersByTime(8000))
    expect(counter()).toBe('2 of 3')
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }))
    act(() => vi.advanceTimersByTime(4000))
    expect(counter()).toBe('3 of 3')
    fireEvent.keyDown(document, { key: 'Escape' })
    fireEvent.click(screen.getByRole('button', { name: 'Open project' }))
    expect(counter()).toBe('1 of 3')
    expect(screen.getByRole('button', { name: 'Pause slideshow' })).toBeTruthy()
  })

  it('shows the details block, without the owner-only status and featured flag', () => {
    const { dialog } = open()
    const text = dialog.textContent ?? ''
    expect(text).toContain('CategoryFurniture Covers')
    expect(text).toContain('Images3 Photos')
    expect(text).not.toContain('Status')
    expect(text).not.toContain('Completed')
    expect(text).not.toContain('Featured')
    expect(screen.getByRole('button', { name: 'Get Similar Work Done' })).toBeTruthy()
  })

  it('renders the description sanitised: no image, no script, nothing runs', () => {
    const { dialog } = open()
    expect(within(dialog).getByText('drapes').tagName).toBe('STRONG')
    expect(dialog.querySelector('script')).toBeNull()
    expect(dialog.querySelector('.rich-text img')).toBeNull()
    expect((window as unknown as { __pwned?: boolean }).__pwned).toBeUndefined()
  })

  it('has no gallery controls for a single image (image_url as fallback)', () => {
    open({ ...item, images: [], featured: false })
    expect(screen.queryByTestId('gallery-counter')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Next image' })).toBeNull()
    expect(screen.getByRole('img', { name: /photo 1 of 1/ }).getAttribute('src')).toBe('/a.svg')
    const text = screen.getByRole('dialog').textContent ?? ''
    expect(text).not.toContain('Photos')
    expect(text).not.toContain('Featured Project')
  })

  it('opens the full-screen viewer over it: named, modal, the caption from the alt text; Escape closes only the viewer', () => {
    open({ ...item, image_alts: ['', 'Linen drapes, drawn'] })
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }))
    const opener = screen.getByRole('button', { name: 'View photo 1 of 3 full screen' })
    opener.focus()
    fireEvent.click(opener)
    const viewer = screen.getByTestId('photo-viewer')
    expect(viewer.getAttribute('role')).toBe('dialog')
    expect(viewer.getAttribute('aria-modal')).toBe('true')
    expect(within(viewer).getByRole('heading', { name: 'Living Room Linen Drapes: photos, full screen' })).toBeTruthy()
    expect(document.activeElement).toBe(within(viewer).getByRole('button', { name: 'Close full-screen view' }))
    expect(within(viewer).queryByTestId('viewer-caption')).toBeNull()
    fireEvent.keyDown(document, { key: 'ArrowRight' })
    expect(within(viewer).getByTestId('viewer-counter').textContent).toBe('2 of 3')
    expect(within(viewer).getByTestId('viewer-caption').textContent).toBe('Linen drapes, drawn')
    expect(viewer.getAttribute('aria-describedby')).toBe(within(viewer).getByTestId('viewer-caption').id)
    // The popup underneath did not move a second time.
    expect(counter()).toBe('2 of 3')
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.queryByTestId('photo-viewer')).toBeNull()
    expect(screen.getByRole('dialog')).toBeTruthy()
    expect(document.activeElement).toBe(opener)
    expect(opener.getAttribute('aria-label')).toBe('View photo 2 of 3 full screen')
  })
})
