import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import type { PortfolioItem } from '../types'
import { FeaturedPortfolioView } from './featured-portfolio-section'

function item(i: number, featured = true): PortfolioItem {
  return {
    id: `p${i}`,
    title: `Project ${i}`,
    category: 'furniture-covers',
    description: `<p>Description ${i}</p>`,
    image_url: `/p${i}.svg`,
    images: [`/p${i}.svg`, `/q${i}.svg`],
    featured,
    sort_order: i,
    updated_at: null,
  }
}

function renderView(items: PortfolioItem[] | undefined, isLoading = false, onOpen = vi.fn()) {
  render(
    <MemoryRouter>
      <FeaturedPortfolioView items={items} isLoading={isLoading} onOpen={onOpen} />
    </MemoryRouter>,
  )
  return onOpen
}

describe('FeaturedPortfolioView', () => {
  it('shows 6 placeholder cards while loading', () => {
    renderView(undefined, true)
    expect(screen.getAllByTestId('portfolio-card-skeleton')).toHaveLength(6)
  })

  it('shows featured items only, at most 6, with a 2-line description clamp', async () => {
    renderView([item(0, false), ...Array.from({ length: 8 }, (_, i) => item(i + 1))])
    const cards = screen.getAllByTestId('portfolio-card')
    expect(cards).toHaveLength(6)
    expect(screen.queryByText('Project 0')).toBeNull()
    expect(screen.getByText('Description 1').className).toContain('line-clamp-2')
    expect(screen.getAllByText('Furniture Covers')).toHaveLength(6)
    await waitFor(() => expect(cards[0].querySelector('img')).not.toBeNull())
    const img = cards[0].querySelector('img')
    expect(img?.getAttribute('loading')).toBe('lazy')
    expect([img?.getAttribute('width'), img?.getAttribute('height')]).toEqual(['800', '600'])
  })

  it('opens a project from its card', () => {
    const onOpen = renderView([item(1)])
    fireEvent.click(screen.getByRole('button', { name: 'Project 1' }))
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'p1' }))
  })

  it('says when nothing is featured, with the hint', () => {
    renderView([item(1, false)])
    expect(screen.getByText('No featured projects available yet.')).toBeTruthy()
    expect(screen.getByText(/Mark projects as Featured in the CMS/)).toBeTruthy()
  })

  it('says when there are no projects at all', () => {
    renderView([])
    expect(screen.getByText('No portfolio items available yet.')).toBeTruthy()
  })

  it('links to the full portfolio', () => {
    renderView([])
    expect(screen.getByRole('link', { name: /View All Projects/ }).getAttribute('href')).toBe('/portfolio')
  })
})
