import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { AppRoutes } from './router'

// Every read answers "no rows", so each page shows its defaults.
vi.mock('@/lib/supabase', () => {
  const empty = { data: null, error: null }
  const builder: Record<string, unknown> = {
    select: () => builder,
    order: () => builder,
    limit: () => builder,
    eq: () => builder,
    maybeSingle: () => Promise.resolve(empty),
    then: (resolve: (value: unknown) => unknown) => Promise.resolve({ data: [], error: null }).then(resolve),
  }
  // Nobody is signed in.
  const auth = {
    getSession: () => Promise.resolve({ data: { session: null }, error: null }),
    onAuthStateChange: () => ({ data: { subscription: { unsubscribe: () => {} } } }),
  }
  return { supabase: { from: () => builder, auth } }
})

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  )
}

describe('routes', () => {
  it.each([
    ['/', 'Transform Your Space'],
    ['/portfolio', 'Our Portfolio'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/no-such-page', 'Page not found'],
  ])('%s renders inside the shared layout', async (path, heading) => {
    renderAt(path)
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy()
    expect(screen.getByRole('banner')).toBeTruthy()
    expect(screen.getByRole('contentinfo')).toBeTruthy()
  })

  // The admin is a lazy chunk: its first import in a test run may take a while on a busy machine.
  it('/admin has its own full-screen layout and asks to sign in', { timeout: 30_000 }, async () => {
    renderAt('/admin')
    expect(await screen.findByRole('heading', { level: 1, name: 'Content Management' }, { timeout: 20_000 })).toBeTruthy()
    expect(screen.getByText('Sign in to manage your landing page')).toBeTruthy()
    expect(screen.queryByRole('contentinfo')).toBeNull()
  })

  // Where an app sends someone to sign in with the site: a lazy chunk with its own card.
  it('/oauth/consent has its own focused card and says when the link has no request', { timeout: 30_000 }, async () => {
    renderAt('/oauth/consent')
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is incomplete' }, { timeout: 20_000 })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeTruthy()
    expect(screen.queryByRole('banner')).toBeNull()
    expect(screen.queryByRole('contentinfo')).toBeNull()
  })

  it('shows the landing defaults when every table is empty', async () => {
    renderAt('/')
    expect(await screen.findByText('No portfolio items available yet.')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'About Our Craft' })).toBeTruthy()
    expect(screen.getByText('10+')).toBeTruthy()
    expect(screen.getByText('500+')).toBeTruthy()
    expect(screen.getByText(/© 2025 Pleat Interiors\. All rights reserved\./)).toBeTruthy()
  })

  it('says so when /portfolio has nothing to show', async () => {
    renderAt('/portfolio')
    expect(await screen.findByText('No projects found in this category.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'All Projects', pressed: true })).toBeTruthy()
  })
})
