import { describe, expect, it } from 'vitest'
import { categoryLabel, categoryOptions, defaultSiteTexts, footerServiceNames, resolveSiteTexts, usedCategories } from './resolve'

describe('resolveSiteTexts', () => {
  it("is the spec's texts without a row", () => {
    const site = resolveSiteTexts(null)
    expect(site.services.heading).toBe('Our Services')
    expect(site.contact.heading).toBe('Get Your Free Quote')
    expect(site.replyPromise).toBe('within 24 hours')
    expect(site.aboutStats).toEqual([
      { value: '100%', label: 'Client Satisfaction' },
      { value: '5★', label: 'Average Rating' },
    ])
    expect(site.titleSuffix).toBe(' - Custom Curtains, Blinds & Furniture Covers')
    expect(site.categories.map((c) => c.value)).toEqual(['curtains', 'blinds', 'furniture-covers', 'other'])
    expect(site.footerServices).toEqual(['Custom Curtains', 'Window Blinds', 'Furniture Covers', 'Design Consultation'])
  })

  it("takes the owner's values; an empty intro or eyebrow stays empty, a blank heading does not", () => {
    const site = resolveSiteTexts({
      services_heading: 'What We Make',
      services_intro: '',
      featured_heading: '  ',
      about_stats: [{ value: '4.8★', label: 'Google rating' }],
      show_about_stats: false,
      footer_services: ['Re-upholstery'],
      portfolio_categories: [{ value: 'headboards', label: 'Headboards' }],
      title_suffix: '',
    })
    expect(site.services).toEqual({ eyebrow: 'What we do', heading: 'What We Make', intro: '' })
    expect(site.featured.heading).toBe('Featured Projects')
    expect(site.aboutStats).toEqual([{ value: '4.8★', label: 'Google rating' }])
    expect(site.showAboutStats).toBe(false)
    expect(site.footerServices).toEqual(['Re-upholstery'])
    expect(site.categories).toEqual([{ value: 'headboards', label: 'Headboards' }])
    expect(site.titleSuffix).toBe('')
  })

  it('ignores values of the wrong shape (an unchecked draft)', () => {
    const site = resolveSiteTexts({ about_stats: 'lots' as never, portfolio_categories: [] as never, reply_promise: ' ' })
    expect(site.aboutStats).toEqual(defaultSiteTexts.aboutStats)
    expect(site.categories).toEqual(defaultSiteTexts.categories)
    expect(site.replyPromise).toBe('within 24 hours')
  })
})

describe('categories', () => {
  const categories = [
    { value: 'blinds', label: 'Shades' },
    { value: 'curtains', label: 'Drapes' },
  ]

  it("labels a value with the owner's label, else in words", () => {
    expect(categoryLabel('blinds', categories)).toBe('Shades')
    expect(categoryLabel('furniture-covers', categories)).toBe('Furniture Covers')
  })

  it("lists the categories in use in the owner's order, then any the list lost", () => {
    const items = [{ category: 'curtains' }, { category: 'old-thing' }, { category: 'blinds' }, { category: 'curtains' }]
    expect(usedCategories(categories, items)).toEqual([
      { value: 'blinds', label: 'Shades' },
      { value: 'curtains', label: 'Drapes' },
      { value: 'old-thing', label: 'Old Thing' },
    ])
  })

  it("offers a project's category the list no longer has", () => {
    expect(categoryOptions(categories, 'curtains')).toEqual(categories)
    expect(categoryOptions(categories, 'other')).toEqual([...categories, { value: 'other', label: 'Other' }])
  })
})

describe('footerServiceNames', () => {
  it("follows the services' titles unless the owner set a list", () => {
    const services = [{ title: 'Custom Curtains' }, { title: 'Re-upholstery' }]
    const following = { ...defaultSiteTexts, footerServices: null }
    expect(footerServiceNames(following, services)).toEqual(['Custom Curtains', 'Re-upholstery'])
    expect(footerServiceNames({ ...defaultSiteTexts, footerServices: ['Blinds'] }, services)).toEqual(['Blinds'])
    expect(footerServiceNames(following, undefined)).toEqual([])
    expect(footerServiceNames(defaultSiteTexts, services)).toEqual([
      'Custom Curtains',
      'Window Blinds',
      'Furniture Covers',
      'Design Consultation',
    ])
  })
})
