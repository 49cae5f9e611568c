import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Service } from '../types'
import { resolveServiceIconName } from './service-icon'
import { ServicesView } from './services-section'

const service = (id: string, icon: string | null): Service => ({
  id,
  title: `Service ${id}`,
  description: `About ${id}`,
  icon,
  featured: false,
  sort_order: 0,
  updated_at: null,
})

describe('ServicesView', () => {
  it("shows 'Loading services...' while loading", () => {
    render(<ServicesView services={undefined} isLoading />)
    expect(screen.getByText('Loading services...')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Our Services' })).toBeTruthy()
  })

  it('shows a card per service in a grid of 2 columns from md', () => {
    const { container } = render(<ServicesView services={[service('a', 'Sun'), service('b', 'Nope')]} isLoading={false} />)
    expect(screen.getByRole('heading', { name: 'Service a' })).toBeTruthy()
    expect(screen.getByText('About b')).toBeTruthy()
    expect(container.querySelector('.md\\:grid-cols-2')).toBeTruthy()
    expect([...container.querySelectorAll('[data-icon]')].map((i) => i.getAttribute('data-icon'))).toEqual(['Sun', 'Home'])
  })
})

describe('resolveServiceIconName', () => {
  it.each(['Home', 'Sun', 'Armchair', 'Lightbulb', 'ArrowRight', 'Scissors', 'Palette'])('knows %s', (name) => {
    expect(resolveServiceIconName(name)).toBe(name)
  })

  it.each([null, undefined, '', 'home', 'Rocket', 'constructor'])('draws Home for %j', (name) => {
    expect(resolveServiceIconName(name)).toBe('Home')
  })
})
