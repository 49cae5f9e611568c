// The Edit and Delete buttons of an admin list's cards, named after the row
// they act on for screen readers ("Edit Living room", "Delete message from Ann").
import { Pencil, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { adminTexts } from '@/config/admin'

/** `focusKey` (the row's id) lets focus come back here when the row's form closes. */
export function EditButton({ name, onClick, focusKey }: { name: string; onClick: () => void; focusKey?: string }) {
  return (
    <Button variant="outline" size="sm" onClick={onClick} aria-label={`${adminTexts.edit} ${name}`} data-focus-key={focusKey}>
      <Pencil aria-hidden="true" />
      {adminTexts.edit}
    </Button>
  )
}

export function DeleteButton({ name, onClick, deleting }: { name: string; onClick: () => void; deleting: boolean }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className="text-red-700 hover:bg-red-50 hover:text-red-800"
      onClick={onClick}
      disabled={deleting}
      aria-label={`${adminTexts.delete} ${name}`}
    >
      <Trash2 aria-hidden="true" />
      {adminTexts.delete}
    </Button>
  )
}
