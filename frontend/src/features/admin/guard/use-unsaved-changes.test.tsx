import { act, fireEvent, render, renderHook, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { AdminGuardProvider, useAdminGuard } from './admin-guard'
import { useStatusUntilEdited, useUnsavedChanges, useUnsavedWhile } from './use-unsaved-changes'

describe('useStatusUntilEdited', () => {
  it('shows the status until a value changes, and a new status again', () => {
    const saved = { text: 'Hero content updated successfully!' }
    const { result, rerender } = renderHook(({ status, values }) => useStatusUntilEdited(status, values), {
      initialProps: { status: saved as { text: string } | null, values: { title: 'A' } },
    })
    expect(result.current).toBe(saved)
    rerender({ status: saved, values: { title: 'AB' } })
    expect(result.current).toBeNull()
    const again = { text: 'Hero content updated successfully!' }
    rerender({ status: again, values: { title: 'AB' } })
    expect(result.current).toBe(again)
  })
})

function Form({ onAnswer }: { onAnswer: (discard: boolean) => void }) {
  const [title, setTitle] = useState('Linen')
  useUnsavedChanges({ title: 'Linen' }, { title })
  const guard = useAdminGuard()
  return (
    <>
      <input aria-label="Title" value={title} onChange={(e) => setTitle(e.target.value)} />
      <button onClick={() => void guard.confirmDiscard().then(onAnswer)}>Leave</button>
    </>
  )
}

describe('the unsaved-changes guard', () => {
  it('lets an untouched form go without asking, and asks once it is changed', async () => {
    const answers: boolean[] = []
    render(
      <AdminGuardProvider>
        <Form onAnswer={(a) => answers.push(a)} />
      </AdminGuardProvider>,
    )
    await act(async () => fireEvent.click(screen.getByText('Leave')))
    expect(answers).toEqual([true])
    expect(screen.queryByTestId('confirm-dialog')).toBeNull()

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Linen drapes' } })
    await act(async () => fireEvent.click(screen.getByText('Leave')))
    expect(screen.getByTestId('confirm-dialog')).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByText('Keep editing')))
    expect(answers).toEqual([true, false])

    // Typed back to what it was: nothing to lose, so no question.
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Linen' } })
    await act(async () => fireEvent.click(screen.getByText('Leave')))
    expect(answers).toEqual([true, false, true])
  })

  it('asks the browser on reload only while something is unsaved', () => {
    render(
      <AdminGuardProvider>
        <Form onAnswer={() => {}} />
      </AdminGuardProvider>,
    )
    const clean = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(clean)
    expect(clean.defaultPrevented).toBe(false)
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Velvet' } })
    const dirty = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(dirty)
    expect(dirty.defaultPrevented).toBe(true)
  })
})

function Upload({ onAnswer }: { onAnswer: (discard: boolean) => void }) {
  const [uploading, setUploading] = useState(false)
  useUnsavedWhile(uploading)
  const guard = useAdminGuard()
  return (
    <>
      <button onClick={() => setUploading((busy) => !busy)}>Toggle upload</button>
      <button onClick={() => void guard.confirmDiscard().then(onAnswer)}>Leave</button>
    </>
  )
}

describe('a photo still uploading', () => {
  it('counts as unsaved: leaving asks, and so does the browser on reload; once done, nothing is asked', async () => {
    const answers: boolean[] = []
    render(
      <AdminGuardProvider>
        <Upload onAnswer={(a) => answers.push(a)} />
      </AdminGuardProvider>,
    )
    fireEvent.click(screen.getByText('Toggle upload'))
    const reload = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(reload)
    expect(reload.defaultPrevented).toBe(true)
    await act(async () => fireEvent.click(screen.getByText('Leave')))
    expect(screen.getByTestId('confirm-dialog')).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByText('Keep editing')))
    expect(answers).toEqual([false])

    fireEvent.click(screen.getByText('Toggle upload'))
    await act(async () => fireEvent.click(screen.getByText('Leave')))
    expect(answers).toEqual([false, true])
  })
})
