import { describe, expect, it } from 'vitest'
import { defaultSiteTexts } from '@/features/site-texts/resolve'
import { bySection, claimItems, pendingItems, sampleItems } from './setup-items'

const shipped = {
  site: defaultSiteTexts,
  about: { years_experience: 12, projects_completed: 850 },
  settings: { site_title: 'Pleat Interiors' },
}

describe('setup items', () => {
  it('lists the shipped claims and the business name, each confirmable', () => {
    const items = claimItems(shipped)
    expect(items.map((item) => [item.key, item.section, item.confirmable])).toEqual([
      ['claim:about-stats', 'texts', true],
      ['claim:about-counts', 'about', true],
      ['claim:footer-services', 'texts', true],
      ['claim:reply-promise', 'texts', true],
      ['business-name', 'details', true],
    ])
    expect(items[0]?.label).toBe('The About figures “100% Client Satisfaction” and “5★ Average Rating”')
    expect(items[1]?.label).toBe('The About counts “12+ Years Experience” and “850+ Projects Completed”')
  })

  it('drops each claim once replaced, and the figures when hidden', () => {
    const items = claimItems({
      site: {
        ...defaultSiteTexts,
        aboutStats: [{ value: '5★', label: 'Average Rating' }],
        footerServices: null,
        replyPromise: 'the same day',
      },
      about: { years_experience: 9, projects_completed: 850 },
      settings: { site_title: 'Drapes & Co' },
    })
    expect(items.map((item) => item.label)).toEqual(['The About figures “5★ Average Rating”', 'The About counts “850+ Projects Completed”'])
    expect(claimItems({ ...shipped, site: { ...defaultSiteTexts, showAboutStats: false } }).map((item) => item.key)).toEqual([
      'claim:footer-services',
      'claim:reply-promise',
      'business-name',
    ])
  })

  it('lists each sample still live, to be replaced rather than kept', () => {
    const items = sampleItems(
      [
        { id: 't1', name: 'Sarah Mitchell', is_sample: true },
        { id: 't2', name: 'A real customer', is_sample: false },
      ],
      [{ id: 'p1', title: 'Kitchen Roller Blinds', is_sample: true }],
    )
    expect(items).toEqual([
      { key: 'sample:testimonial:t1', label: 'Sample testimonial from “Sarah Mitchell”', section: 'testimonials', confirmable: false },
      { key: 'sample:project:p1', label: 'Sample project “Kitchen Roller Blinds”', section: 'portfolio', confirmable: false },
    ])
  })

  it('hides what the owner kept, never an item that cannot be kept', () => {
    const items = [...claimItems(shipped), ...sampleItems([{ id: 't1', name: 'S', is_sample: true }], [])]
    const pending = pendingItems(items, ['claim:footer-services', 'claim:reply-promise', 'business-name', 'sample:testimonial:t1'])
    expect(pending.map((item) => item.key)).toEqual(['claim:about-stats', 'claim:about-counts', 'sample:testimonial:t1'])
    expect(bySection(pending).map((group) => [group.section, group.items.length])).toEqual([
      ['texts', 1],
      ['about', 1],
      ['testimonials', 1],
    ])
  })
})
