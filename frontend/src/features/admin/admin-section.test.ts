import { describe, expect, it } from 'vitest'
import { adminSections } from '@/config/admin'
import { resolveAdminSection } from './admin-section'

describe('resolveAdminSection', () => {
  it('keeps the known keys (the spec seven, Site Texts, Media, Statistics, Contact Details, Legal Pages, Backups, then Account), in the sidebar order', () => {
    expect(adminSections.map((s) => s.key)).toEqual([
      'hero',
      'services',
      'portfolio',
      'testimonials',
      'about',
      'texts',
      'media',
      'contact',
      'stats',
      'settings',
      'details',
      'legal',
      'backups',
      'account',
    ])
    expect(adminSections.map((s) => s.label)).toEqual([
      'Hero Section',
      'Services',
      'Portfolio',
      'Testimonials',
      'About',
      'Site Texts',
      'Media',
      'Contact Messages',
      'Statistics',
      'Site Settings',
      'Contact Details',
      'Legal Pages',
      'Backups',
      'Account',
    ])
    for (const { key } of adminSections) expect(resolveAdminSection(key)).toBe(key)
  })

  it('falls back to hero', () => {
    expect(resolveAdminSection(undefined)).toBe('hero')
    expect(resolveAdminSection('nope')).toBe('hero')
  })
})
