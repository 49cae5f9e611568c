import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Testimonial } from '../types'
import { starCount, TestimonialsView } from './testimonials-section'

const testimonial = (id: string, rating: number | null, role: string | null = null): Testimonial => ({
  id,
  name: `Name ${id}`,
  role,
  content: `Said ${id}`,
  rating,
  avatar_url: null,
  featured: false,
  sort_order: 0,
  updated_at: null,
})

describe('TestimonialsView', () => {
  it("shows 'Loading testimonials...' while loading", () => {
    render(<TestimonialsView testimonials={undefined} isLoading />)
    expect(screen.getByText('Loading testimonials...')).toBeTruthy()
  })

  it('shows each testimonial with its stars, 5 when the rating is absent', () => {
    render(<TestimonialsView testimonials={[testimonial('a', 4, 'Homeowner'), testimonial('b', null)]} isLoading={false} />)
    expect(screen.getAllByTestId('testimonial')).toHaveLength(2)
    expect(screen.getByText('Homeowner')).toBeTruthy()
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy()
    expect(screen.getByRole('img', { name: '5 out of 5 stars' })).toBeTruthy()
    expect(screen.getAllByText('N', { selector: 'span' })).toHaveLength(2)
  })
})

describe('starCount', () => {
  it('keeps ratings in 1..5 and defaults to 5', () => {
    expect(starCount(3)).toBe(3)
    expect(starCount(null)).toBe(5)
    expect(starCount(undefined)).toBe(5)
    expect(starCount(9)).toBe(5)
    expect(starCount(0)).toBe(1)
  })
})
