import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { resolveHeroCopy } from '../hero-copy'
import type { HeroContent } from '../types'
import { HeroView } from './hero-section'

const row: HeroContent = {
  id: '1',
  title: 'Made to Measure',
  subtitle: 'Curtains for every window',
  background_image: '/images/custom.jpg',
  cta_text: 'See projects',
  cta_secondary_text: 'Ask us',
  updated_at: null,
}

describe('HeroView', () => {
  it('shows Loading... while the row loads', () => {
    render(<HeroView hero={undefined} isLoading />)
    expect(screen.getByText('Loading...')).toBeTruthy()
    expect(screen.queryByRole('heading')).toBeNull()
  })

  it('shows the stored copy, image and buttons', () => {
    const { container } = render(<HeroView hero={row} isLoading={false} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Made to Measure' })).toBeTruthy()
    expect(screen.getByText('Curtains for every window')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'See projects' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Ask us' })).toBeTruthy()
    const img = container.querySelector('img')
    expect(img?.getAttribute('src')).toBe('/images/custom.jpg')
    expect(img?.getAttribute('width')).toBe('1920')
  })

  it('falls back to the default copy when there is no row', () => {
    render(<HeroView hero={null} isLoading={false} />)
    expect(screen.getByRole('heading', { name: 'Transform Your Space' })).toBeTruthy()
    expect(screen.getByText('Custom curtains, blinds and furniture covers crafted with precision')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'View Our Work' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Get Quote' })).toBeTruthy()
  })
})

describe('resolveHeroCopy', () => {
  it('fills blank fields with the defaults, field by field', () => {
    expect(resolveHeroCopy({ ...row, title: '  ', cta_text: null, background_image: '' })).toEqual({
      title: 'Transform Your Space',
      subtitle: 'Curtains for every window',
      backgroundImage: '/images/hero.svg',
      backgroundImageAlt: '',
      backgroundFocus: { x: 50, y: 50 },
      ctaText: 'View Our Work',
      ctaSecondaryText: 'Ask us',
    })
  })
})
