import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { PortfolioItem } from '../types'
import { PortfolioGrid } from './portfolio-grid'

function item(i: number): PortfolioItem {
  return {
    id: `p${i}`,
    title: `Project ${i}`,
    category: 'curtains',
    description: '',
    image_url: `/p${i}.svg`,
    images: [`/p${i}.svg`],
    featured: true,
    sort_order: i,
    updated_at: null,
  }
}

describe('PortfolioGrid image priorities', () => {
  it('fetches the first card first, loads the rest of the first screen at once and the others lazily', async () => {
    render(
      <PortfolioGrid
        items={[0, 1, 2, 3, 4].map(item)}
        isLoading={false}
        placeholders={6}
        clamp={3}
        onOpen={vi.fn()}
        empty={null}
        priorityCount={3}
      />,
    )
    // The lazy ones are not even asked for before the first screen has painted.
    expect(screen.getAllByTestId('image-pending')).toHaveLength(2)
    await waitFor(() => expect(screen.queryAllByTestId('image-pending')).toHaveLength(0))
    const images = screen.getAllByTestId('portfolio-card').map((card) => card.querySelector('img'))
    expect(images.map((img) => img?.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'lazy', 'lazy'])
    expect(images.map((img) => img?.getAttribute('fetchpriority'))).toEqual(['high', null, null, null, null])
  })

  it('loads every image lazily without a priority count (the landing page)', async () => {
    render(<PortfolioGrid items={[0, 1].map(item)} isLoading={false} placeholders={6} clamp={2} onOpen={vi.fn()} empty={null} />)
    expect(screen.getAllByTestId('portfolio-card').map((card) => card.querySelector('img'))).toEqual([null, null])
    await waitFor(() => expect(screen.queryAllByTestId('image-pending')).toHaveLength(0))
    const images = screen.getAllByTestId('portfolio-card').map((card) => card.querySelector('img'))
    expect(images.map((img) => [img?.getAttribute('loading'), img?.getAttribute('fetchpriority')])).toEqual([
      ['lazy', null],
      ['lazy', null],
    ])
  })
})
