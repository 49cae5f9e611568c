import { describe, expect, it } from 'vitest'
import { conflictText, whenChanged, whoChanged } from './conflict-text'

const now = new Date('2026-11-26T16:05:00Z')
const at = (iso: string) => ({ action: 'update' as const, changed_by: 'u1', changed_by_email: 'b@example.com', changed_at: iso })

describe('conflict text', () => {
  it('names the editor by email, a change without a user as a script, and no history as someone else', () => {
    expect(whoChanged(at('2026-11-26T16:00:00Z'))).toBe('b@example.com')
    expect(whoChanged({ ...at('2026-11-26T16:00:00Z'), changed_by: null, changed_by_email: null })).toBe(
      'a script or another tool (no signed-in user)',
    )
    expect(whoChanged({ ...at('2026-11-26T16:00:00Z'), changed_by_email: null })).toBe('someone else')
    expect(whoChanged(null)).toBe('someone else')
  })

  it('says how long ago, with the local date and time', () => {
    expect(whenChanged('2026-11-26T16:04:58Z', now)).toMatch(/^just now \(.+\)$/)
    expect(whenChanged('2026-11-26T16:03:00Z', now)).toMatch(/^2 minutes ago \(.+\)$/)
    expect(whenChanged('2026-11-26T13:05:00Z', now)).toMatch(/^3 hours ago \(.+\)$/)
    expect(whenChanged('2026-11-25T16:05:00Z', now)).toMatch(/^yesterday \(.+\)$/)
  })

  it('tells a change from a deletion', () => {
    const current = { id: 'r1' }
    expect(conflictText({ current, revision: at('2026-11-26T16:03:00Z') }, now)).toMatch(/^Changed by b@example.com, 2 minutes ago/)
    expect(conflictText({ current: null, revision: { ...at('2026-11-26T16:03:00Z'), action: 'delete' } }, now)).toMatch(
      /^Deleted by b@example.com, 2 minutes ago/,
    )
    expect(conflictText({ current: null, revision: null }, now)).toBe('It was deleted. Nothing of yours was saved yet.')
  })
})
