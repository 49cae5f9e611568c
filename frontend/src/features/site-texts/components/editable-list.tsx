// A list the owner edits in place: each entry's fields with a Remove button, and Add
// below. Used for the About figures, the footer's services and the categories.
import { Plus, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'

interface EditableListProps<T> {
  items: readonly T[]
  onChange: (items: T[]) => void
  /** The fields of entry `index` (0-based), given a setter for it. */
  render: (item: T, index: number, set: (item: T) => void) => ReactNode
  removeLabel: (n: number) => string
  addLabel: string
  /** What Add appends. */
  blank: () => T
  /** At most this many entries (Add is gone at the limit). */
  max: number
  testId: string
}

export function EditableList<T>({ items, onChange, render, removeLabel, addLabel, blank, max, testId }: EditableListProps<T>) {
  const setAt = (index: number) => (item: T) => onChange(items.map((current, i) => (i === index ? item : current)))
  return (
    <div className="space-y-3">
      <ul className="space-y-3" data-testid={testId}>
        {items.map((item, index) => (
          <li key={index} className="flex flex-wrap items-end gap-3">
            {render(item, index, setAt(index))}
            <Button
              variant="ghost"
              size="icon"
              aria-label={removeLabel(index + 1)}
              onClick={() => onChange(items.filter((_, i) => i !== index))}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      {items.length < max && (
        <Button variant="outline" size="sm" onClick={() => onChange([...items, blank()])}>
          <Plus aria-hidden="true" />
          {addLabel}
        </Button>
      )}
    </div>
  )
}
