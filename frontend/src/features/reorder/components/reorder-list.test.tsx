import { fireEvent, render, screen } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { ReorderList } from './reorder-list'

const a = { id: 'a', title: 'Curtains' }
const b = { id: 'b', title: 'Blinds' }
const c = { id: 'c', title: 'Covers' }

const names = () => screen.getAllByTestId('reorder-name').map((el) => el.textContent)

beforeAll(() => {
  // jsdom has no pointer capture; the list only asks for it.
  HTMLElement.prototype.setPointerCapture ??= () => {}
})

describe('ReorderList', () => {
  it('shows a read that arrived during a drag once the drag ends without a move', () => {
    const onSave = vi.fn(async () => true)
    const list = (items: (typeof a)[]) => <ReorderList items={items} name={(item) => item.title} onSave={onSave} />
    const { rerender } = render(list([a, b]))
    const handle = screen.getAllByTestId('reorder-handle')[0]

    fireEvent.pointerDown(handle, { button: 0, pointerId: 1 })
    // Another tab added a row while the owner held this one: the order shown stays put.
    rerender(list([a, b, c]))
    expect(names()).toEqual(['Curtains', 'Blinds'])

    fireEvent.pointerUp(handle, { pointerId: 1 })
    expect(names()).toEqual(['Curtains', 'Blinds', 'Covers'])
    expect(onSave).not.toHaveBeenCalled()
  })

  it('saves a move made with the buttons and announces it', async () => {
    const onSave = vi.fn(async () => true)
    render(<ReorderList items={[a, b, c]} name={(item) => item.title} onSave={onSave} />)

    fireEvent.click(screen.getByRole('button', { name: 'Move Curtains down' }))

    expect(names()).toEqual(['Blinds', 'Curtains', 'Covers'])
    expect(await screen.findByText('Curtains moved to position 2 of 3.')).toBeTruthy()
    expect(onSave).toHaveBeenCalledWith([b, a, c], [a, b, c])
  })
})
