import { beforeEach, describe, expect, it, vi } from 'vitest'
import { deleteRow, insertRow, saveSingleRow, updateRow } from './table-writes'

// Records the supabase-js query chain each call builds, and answers with `result`.
const calls: unknown[][] = []
let result: { data: unknown; error: unknown } = { data: null, error: null }
vi.mock('./supabase', () => {
  const builder: Record<string, unknown> = {}
  for (const method of ['insert', 'update', 'delete', 'eq', 'select', 'single']) {
    builder[method] = (...args: unknown[]) => {
      calls.push([method, ...args])
      return builder
    }
  }
  builder.then = (resolve: (value: unknown) => unknown) => Promise.resolve(result).then(resolve)
  return { supabase: { from: (table: string) => (calls.push(['from', table]), builder) } }
})

beforeEach(() => {
  calls.length = 0
  result = { data: { id: '1' }, error: null }
})

describe('table writes', () => {
  it('insert: POST one row and read it back', async () => {
    await expect(insertRow('services', { title: 'A' })).resolves.toEqual({ id: '1' })
    expect(calls).toEqual([['from', 'services'], ['insert', { title: 'A' }], ['select'], ['single']])
  })

  it('update: PATCH by id and read the row back', async () => {
    await updateRow('services', 'abc', { title: 'B' })
    expect(calls).toEqual([['from', 'services'], ['update', { title: 'B' }], ['eq', 'id', 'abc'], ['select'], ['single']])
  })

  it('delete: DELETE by id, and a delete that matched nothing is an error', async () => {
    result = { data: [{ id: 'abc' }], error: null }
    await deleteRow('testimonials', 'abc')
    expect(calls).toEqual([['from', 'testimonials'], ['delete'], ['eq', 'id', 'abc'], ['select', 'id']])
    result = { data: [], error: null }
    await expect(deleteRow('testimonials', 'gone')).rejects.toThrow(/No testimonials row/)
  })

  it('throws the error object the client returns', async () => {
    const error = { code: '23514', message: 'violates check constraint' }
    result = { data: null, error }
    await expect(insertRow('site_settings', {})).rejects.toBe(error)
  })

  it('a single-row table is updated by id when it has a row, else inserted', async () => {
    await saveSingleRow('hero_content', 'h1', { title: 'T' })
    expect(calls[1]).toEqual(['update', { title: 'T' }])
    calls.length = 0
    await saveSingleRow('hero_content', null, { title: 'T' })
    expect(calls[1]).toEqual(['insert', { title: 'T' }])
  })
})
