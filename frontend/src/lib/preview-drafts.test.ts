import { describe, expect, it } from 'vitest'
import { overlayDrafts, previewLink, type ContentDraft } from './preview-drafts'

const draft = (table_name: ContentDraft['table_name'], row_id: string, data: Record<string, unknown>): ContentDraft => ({
  table_name,
  row_id,
  data,
  updated_by_email: null,
  updated_at: '2026-11-26T16:00:00Z',
})

describe('overlayDrafts', () => {
  const rows = [
    { id: 'a', title: 'A', sort_order: 0 },
    { id: 'b', title: 'B', sort_order: 1 },
  ]

  it('shows a drafted row with its draft values, keeping its id and the other columns', () => {
    const shown = overlayDrafts('services', rows, [draft('services', 'b', { title: 'B draft', id: 'forged' })])
    expect(shown).toEqual([rows[0], { id: 'b', title: 'B draft', sort_order: 1 }])
  })

  it('adds a drafted new item in its place by sort_order, and ignores other tables', () => {
    const shown = overlayDrafts('services', rows, [
      draft('services', 'n', { title: 'New', sort_order: -1 }),
      draft('testimonials', 'a', { title: 'Other table' }),
    ])
    expect(shown.map((row) => row.title)).toEqual(['New', 'A', 'B'])
  })

  it('leaves the rows alone when there are no drafts of the table', () => {
    expect(overlayDrafts('services', rows, [])).toBe(rows)
  })
})

describe('previewLink', () => {
  it('puts the preview query before the anchor', () => {
    expect(previewLink('/#about')).toBe('/?preview=drafts#about')
    expect(previewLink('/portfolio')).toBe('/portfolio?preview=drafts')
    expect(previewLink('/')).toBe('/?preview=drafts')
  })
})
