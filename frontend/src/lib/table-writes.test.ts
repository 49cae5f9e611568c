import { beforeEach, describe, expect, it, vi } from 'vitest'
import { canMergeSilently, deleteRow, deleteRowIfUnchanged, insertRow, saveSingleRow, updateRowIfUnchanged } from './table-writes'

// Records the supabase-js query chain each call builds, and answers each awaited chain
// with the next of `results`.
const calls: unknown[][] = []
let results: { data: unknown; error: unknown }[] = []
vi.mock('./supabase', () => {
  const builder: Record<string, unknown> = {}
  for (const method of ['insert', 'update', 'delete', 'eq', 'is', 'select', 'single', 'maybeSingle', 'order', 'limit']) {
    builder[method] = (...args: unknown[]) => {
      calls.push([method, ...args])
      return builder
    }
  }
  builder.then = (resolve: (value: unknown) => unknown) => Promise.resolve(results.shift() ?? { data: null, error: null }).then(resolve)
  return { supabase: { from: (table: string) => (calls.push(['from', table]), builder) } }
})

const loaded = { id: 'abc', title: 'Linen', sort_order: 2, updated_at: 'T1' }
const revision = { action: 'update', changed_by: 'u2', changed_by_email: 'b@example.com', changed_at: 'T2' }

beforeEach(() => {
  calls.length = 0
  results = []
})

describe('table writes', () => {
  it('insert: POST one row and read it back', async () => {
    results = [{ data: { id: '1' }, error: null }]
    await expect(insertRow('services', { title: 'A' })).resolves.toEqual({ id: '1' })
    expect(calls).toEqual([['from', 'services'], ['insert', { title: 'A' }], ['select'], ['single']])
  })

  it('update: PATCH by id and the loaded version, and hand back the written row', async () => {
    results = [{ data: [{ ...loaded, title: 'B', updated_at: 'T2' }], error: null }]
    const saved = await updateRowIfUnchanged('services', loaded, { title: 'B', sort_order: 2 })
    expect(saved).toEqual({ kind: 'saved', row: { ...loaded, title: 'B', updated_at: 'T2' } })
    expect(calls).toEqual([
      ['from', 'services'],
      ['update', { title: 'B', sort_order: 2 }],
      ['eq', 'id', 'abc'],
      ['eq', 'updated_at', 'T1'],
      ['select'],
    ])
  })

  it('update: a changed row is a conflict with the stored row and who changed it; nothing is retried', async () => {
    const theirs = { ...loaded, title: 'Velvet', updated_at: 'T2' }
    results = [
      { data: [], error: null },
      { data: theirs, error: null },
      { data: revision, error: null },
    ]
    const saved = await updateRowIfUnchanged('services', loaded, { title: 'Silk', sort_order: 2 })
    expect(saved).toEqual({ kind: 'conflict', conflict: { current: theirs, revision } })
    expect(calls.filter((call) => call[0] === 'update')).toHaveLength(1)
  })

  it('update: a row only moved meanwhile is saved over its new version, keeping its new place', async () => {
    const moved = { ...loaded, sort_order: 0, updated_at: 'T2' }
    results = [
      { data: [], error: null },
      { data: moved, error: null },
      { data: revision, error: null },
      { data: [{ ...moved, title: 'Silk', updated_at: 'T3' }], error: null },
    ]
    const saved = await updateRowIfUnchanged('services', loaded, { title: 'Silk', sort_order: 2 })
    expect(saved.kind).toBe('saved')
    const updates = calls.filter((call) => call[0] === 'update')
    expect(updates[1]).toEqual(['update', { title: 'Silk', sort_order: 0 }])
    expect(calls).toContainEqual(['eq', 'updated_at', 'T2'])
  })

  it('merges silently only when nothing the form edits differs', () => {
    const payload = { title: 'Silk', sort_order: 1, updated_at: 'now' }
    expect(canMergeSilently(payload, loaded, { ...loaded, sort_order: 5, updated_at: 'T9' })).toBe(true)
    expect(canMergeSilently(payload, loaded, { ...loaded, title: 'Silk', updated_at: 'T9' })).toBe(true)
    expect(canMergeSilently(payload, loaded, { ...loaded, title: 'Velvet', updated_at: 'T9' })).toBe(false)
  })

  it('a single-row table is updated over the loaded row when it has one, else inserted', async () => {
    results = [{ data: [{ id: 'h1' }], error: null }]
    await saveSingleRow('hero_content', { id: 'h1', updated_at: 'T1' }, { title: 'T' })
    expect(calls[1]).toEqual(['update', { title: 'T' }])
    calls.length = 0
    results = [{ data: { id: 'h1' }, error: null }]
    await saveSingleRow('hero_content', null, { title: 'T' })
    expect(calls[1]).toEqual(['insert', { title: 'T' }])
  })

  it('delete: DELETE by id, and a delete that matched nothing is an error', async () => {
    results = [{ data: [{ id: 'abc' }], error: null }]
    await deleteRow('contact_messages', 'abc')
    expect(calls).toEqual([['from', 'contact_messages'], ['delete'], ['eq', 'id', 'abc'], ['select', 'id']])
    results = [{ data: [], error: null }]
    await expect(deleteRow('contact_messages', 'gone')).rejects.toThrow(/No contact_messages row/)
  })

  it('guarded delete: by id and version; a row already gone, or changed since, says so', async () => {
    results = [{ data: [{ id: 'abc' }], error: null }]
    await expect(deleteRowIfUnchanged('testimonials', loaded)).resolves.toEqual({ kind: 'deleted' })
    expect(calls).toContainEqual(['eq', 'updated_at', 'T1'])
    const deleted = { ...revision, action: 'delete' }
    results = [
      { data: [], error: null },
      { data: null, error: null },
      { data: deleted, error: null },
    ]
    await expect(deleteRowIfUnchanged('testimonials', loaded)).resolves.toEqual({ kind: 'gone', revision: deleted })
    const theirs = { ...loaded, title: 'Velvet', updated_at: 'T2' }
    results = [
      { data: [], error: null },
      { data: theirs, error: null },
      { data: revision, error: null },
    ]
    await expect(deleteRowIfUnchanged('testimonials', loaded)).resolves.toEqual({
      kind: 'changed',
      conflict: { current: theirs, revision },
    })
  })

  it('throws the error object the client returns', async () => {
    const error = { code: '23514', message: 'violates check constraint' }
    results = [{ data: null, error }]
    await expect(insertRow('site_settings', {})).rejects.toBe(error)
  })
})
