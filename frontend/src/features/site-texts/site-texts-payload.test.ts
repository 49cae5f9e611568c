import { describe, expect, it } from 'vitest'
import { buildSiteTextsPayload, categoryInUse, categoryValue, checkSiteTexts, siteTextsFormValues } from './site-texts-payload'

describe('site texts payload', () => {
  it("starts from the spec's texts when there is no row, the footer listing the spec's four services", () => {
    const values = siteTextsFormValues(null)
    expect(values.services_heading).toBe('Our Services')
    expect(values.about_eyebrow).toBe('About us')
    expect(values.reply_promise).toBe('within 24 hours')
    expect(values.follow_services).toBe(false)
    expect(values.footer_services).toEqual(['Custom Curtains', 'Window Blinds', 'Furniture Covers', 'Design Consultation'])
    expect(checkSiteTexts(values)).toBeNull()
  })

  it('saves trimmed texts, keeps the suffix’s leading space, and gives new categories a unique value', () => {
    const values = siteTextsFormValues(null)
    const payload = buildSiteTextsPayload({
      ...values,
      services_heading: '  What We Make ',
      title_suffix: ' | Drapes & Co ',
      follow_services: false,
      footer_services: [' Re-upholstery '],
      portfolio_categories: [
        ...values.portfolio_categories,
        { value: '', label: 'Re-upholstery & Repairs' },
        { value: '', label: 'Curtains' },
      ],
    })
    expect(payload.services_heading).toBe('What We Make')
    expect(payload.title_suffix).toBe(' | Drapes & Co')
    expect(payload.footer_services).toEqual(['Re-upholstery'])
    expect(payload.portfolio_categories.slice(4)).toEqual([
      { value: 're-upholstery-repairs', label: 'Re-upholstery & Repairs' },
      { value: 'curtains-2', label: 'Curtains' },
    ])
    expect(buildSiteTextsPayload({ ...values, follow_services: true }).footer_services).toBeNull()
  })

  it('makes a slug of any label', () => {
    expect(categoryValue('Café Chairs', new Set())).toBe('cafe-chairs')
    expect(categoryValue('!!!', new Set())).toBe('category')
    expect(categoryValue('Blinds', new Set(['blinds', 'blinds-2']))).toBe('blinds-3')
  })

  it('refuses empty headings, figures, services and categories', () => {
    const values = siteTextsFormValues(null)
    expect(checkSiteTexts({ ...values, contact_heading: ' ' })).toMatch(/cannot be empty/)
    expect(checkSiteTexts({ ...values, about_stats: [{ value: '9', label: '' }] })).toMatch(/About figure/)
    expect(checkSiteTexts({ ...values, follow_services: false, footer_services: [''] })).toMatch(/footer service/)
    expect(checkSiteTexts({ ...values, portfolio_categories: [] })).toMatch(/at least one/)
    expect(checkSiteTexts({ ...values, about_stats: [], show_about_stats: false })).toBeNull()
  })

  it('names a removed category a project still uses', () => {
    const values = siteTextsFormValues(null)
    const saved = values.portfolio_categories
    const without = { ...values, portfolio_categories: saved.filter((c) => c.value !== 'blinds') }
    expect(categoryInUse(without, saved, [{ category: 'blinds' }, { category: 'blinds' }, { category: 'curtains' }])).toBe(
      '“Blinds” is still used by 2 projects. Move them to another category in the Portfolio section first, then remove the category.',
    )
    expect(categoryInUse(without, saved, [{ category: 'curtains' }])).toBeNull()
    const putBack = { ...without, portfolio_categories: [...without.portfolio_categories, { value: '', label: 'Blinds' }] }
    expect(categoryInUse(putBack, saved, [{ category: 'blinds' }])).toBeNull()
  })
})
