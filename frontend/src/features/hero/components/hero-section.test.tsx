import { render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { HeroSection } from './hero-section'

const query = vi.hoisted(() => ({
  from: vi.fn(),
  maybeSingle: vi.fn(),
}))

vi.mock('@/lib/supabase', () => {
  const builder = {
    select: () => builder,
    limit: () => builder,
    maybeSingle: query.maybeSingle,
  }
  query.from.mockReturnValue(builder)
  return { supabase: { from: query.from } }
})

describe('HeroSection', () => {
  beforeEach(() => {
    query.maybeSingle.mockReset()
  })

  it('shows Loading... and then the stored title and subtitle', async () => {
    query.maybeSingle.mockResolvedValue({
      data: { id: '1', title: 'Made to Measure', subtitle: 'Curtains for every window' },
      error: null,
    })
    render(<HeroSection />)
    expect(screen.getByText('Loading...')).toBeTruthy()
    expect(await screen.findByRole('heading', { name: 'Made to Measure' })).toBeTruthy()
    expect(screen.getByText('Curtains for every window')).toBeTruthy()
    expect(query.from).toHaveBeenCalledWith('hero_content')
  })

  it('falls back to the default copy when there is no row', async () => {
    query.maybeSingle.mockResolvedValue({ data: null, error: null })
    render(<HeroSection />)
    expect(await screen.findByRole('heading', { name: 'Transform Your Space' })).toBeTruthy()
    expect(
      screen.getByText('Custom curtains, blinds and furniture covers crafted with precision'),
    ).toBeTruthy()
  })

  it('falls back to the default copy when the read fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    query.maybeSingle.mockResolvedValue({ data: null, error: new Error('boom') })
    render(<HeroSection />)
    expect(await screen.findByRole('heading', { name: 'Transform Your Space' })).toBeTruthy()
  })
})
