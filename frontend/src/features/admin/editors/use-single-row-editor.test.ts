import { act, renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { MutationResult } from '@/lib/use-mutation'
import { useSingleRowEditor } from './use-single-row-editor'

const texts = { success: 'Saved!', failure: 'Could not save.' }

function setup(result: MutationResult<unknown>, id: string | undefined) {
  const refetch = vi.fn(async () => undefined)
  const save = vi.fn(async (_id: string | undefined, _payload: { title: string }) => result)
  const hook = renderHook(() =>
    useSingleRowEditor({
      id,
      refetch,
      save,
      check: (v: { title: string }) => (v.title.trim() ? null : 'Title is required.'),
      build: (v: { title: string }) => ({ title: v.title.trim() }),
      texts,
      log: 'Error saving:',
    }),
  )
  return { hook, refetch, save }
}

describe('useSingleRowEditor', () => {
  it('reads the row on mount', () => {
    const { refetch } = setup({ success: true, data: null }, 'row-1')
    expect(refetch).toHaveBeenCalledTimes(1)
  })

  it('saves the built payload by id, says so and reads the row again', async () => {
    const { hook, refetch, save } = setup({ success: true, data: null }, 'row-1')
    await act(() => hook.result.current.onSave({ title: '  Hello ' }))
    expect(save).toHaveBeenCalledWith('row-1', { title: 'Hello' })
    expect(hook.result.current.status).toEqual({ text: 'Saved!' })
    expect(refetch).toHaveBeenCalledTimes(2)
  })

  it('inserts when there is no row yet', async () => {
    const { hook, save } = setup({ success: true, data: null }, undefined)
    await act(() => hook.result.current.onSave({ title: 'New' }))
    expect(save).toHaveBeenCalledWith(undefined, { title: 'New' })
  })

  it('refuses values that fail the check without saving', async () => {
    const { hook, save } = setup({ success: true, data: null }, 'row-1')
    await act(() => hook.result.current.onSave({ title: '   ' }))
    expect(save).not.toHaveBeenCalled()
    expect(hook.result.current.status).toEqual({ text: 'Title is required.', tone: 'error' })
  })

  it('logs a failed save and shows the failure text, without reading again', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { hook, refetch } = setup({ success: false, error: 'boom' }, 'row-1')
    await act(() => hook.result.current.onSave({ title: 'x' }))
    expect(log).toHaveBeenCalledWith('Error saving:', 'boom')
    expect(hook.result.current.status).toEqual({ text: 'Could not save.' })
    expect(refetch).toHaveBeenCalledTimes(1)
    log.mockRestore()
  })
})
