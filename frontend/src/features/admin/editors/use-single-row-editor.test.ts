import { act, renderHook } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { GuardedSave } from '@/lib/table-writes'
import type { MutationResult } from '@/lib/use-mutation'
import { AdminGuardProvider } from '../guard/admin-guard'
import { useSingleRowEditor } from './use-single-row-editor'

interface Row {
  id: string
  title: string
  updated_at: string
}

const texts = { success: 'Saved!', failure: 'Could not save.' }
const loaded: Row = { id: 'row-1', title: 'Old', updated_at: '2026-11-26T10:00:00+00:00' }
const written: Row = { id: 'row-1', title: 'Hello', updated_at: '2026-11-26T10:05:00+00:00' }

function setup(result: MutationResult<GuardedSave<Row>>) {
  const refetch = vi.fn(async () => undefined)
  const save = vi.fn(async (_base: Row | null, _payload: { title: string }) => result)
  const wrapper = ({ children }: { children: ReactNode }) => createElement(AdminGuardProvider, null, children)
  const hook = renderHook(
    () =>
      useSingleRowEditor<Row, { title: string }, { title: string }>({
        refetch,
        save,
        check: (v) => (v.title.trim() ? null : 'Title is required.'),
        build: (v) => ({ title: v.title.trim() }),
        texts,
        log: 'Error saving:',
      }),
    { wrapper },
  )
  return { hook, refetch, save }
}

describe('useSingleRowEditor', () => {
  it('reads the row on mount', () => {
    const { refetch } = setup({ success: true, data: { kind: 'saved', row: written } })
    expect(refetch).toHaveBeenCalledTimes(1)
  })

  it('saves the built payload over the loaded row, says so and hands back the written row', async () => {
    const { hook, save } = setup({ success: true, data: { kind: 'saved', row: written } })
    let outcome
    await act(async () => {
      outcome = await hook.result.current.onSave({ title: '  Hello ' }, loaded)
    })
    expect(save).toHaveBeenCalledWith(loaded, { title: 'Hello' })
    expect(outcome).toEqual({ kind: 'saved', row: written })
    expect(hook.result.current.status).toEqual({ text: 'Saved!' })
  })

  it('inserts when there is no row yet', async () => {
    const { hook, save } = setup({ success: true, data: { kind: 'saved', row: written } })
    await act(() => hook.result.current.onSave({ title: 'New' }, null))
    expect(save).toHaveBeenCalledWith(null, { title: 'New' })
  })

  it('never says saved when someone else changed the row: the conflict goes back to the form', async () => {
    const conflict = {
      current: { ...loaded, title: 'Theirs', updated_at: '2026-11-26T10:04:00+00:00' },
      revision: { action: 'update' as const, changed_by: null, changed_by_email: null, changed_at: '2026-11-26T10:04:00+00:00' },
    }
    const { hook } = setup({ success: true, data: { kind: 'conflict', conflict } })
    let outcome
    await act(async () => {
      outcome = await hook.result.current.onSave({ title: 'Mine' }, loaded)
    })
    expect(outcome).toEqual({ kind: 'conflict', conflict })
    expect(hook.result.current.status).toBeNull()
  })

  it('refuses values that fail the check without saving', async () => {
    const { hook, save } = setup({ success: true, data: { kind: 'saved', row: written } })
    await act(() => hook.result.current.onSave({ title: '   ' }, loaded))
    expect(save).not.toHaveBeenCalled()
    expect(hook.result.current.status).toEqual({ text: 'Title is required.', tone: 'error' })
  })

  it('logs a failed save and shows the failure text, without reading again', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { hook, refetch } = setup({ success: false, error: 'boom' })
    await act(() => hook.result.current.onSave({ title: 'x' }, loaded))
    expect(log).toHaveBeenCalledWith('Error saving:', 'boom')
    expect(hook.result.current.status).toEqual({ text: 'Could not save.' })
    expect(refetch).toHaveBeenCalledTimes(1)
    log.mockRestore()
  })
})
