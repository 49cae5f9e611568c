// Copy of the reorder mode of the admin's lists.

export const reorderTexts = {
  reorder: 'Change Order',
  done: 'Done',
  position: 'Position in the list',
  positions: { end: 'At the end', top: 'At the top' },
  instructions:
    'Drag a row by its handle, or use Move up and Move down. The site shows the items in this order; each move is saved at once.',
  handle: (name: string) => `Drag to reorder ${name}`,
  moveUp: (name: string) => `Move ${name} up`,
  moveDown: (name: string) => `Move ${name} down`,
  saved: 'Order saved.',
  failed: 'Error saving the order. Please try again.',
  changed:
    'This list was changed somewhere else (another tab, another editor or a script) since you opened it: items were moved, added or deleted. Your move was not saved.',
  loadCurrent: 'Load the current order',
} as const
