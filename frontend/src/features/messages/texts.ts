// Copy of the inbox's tools: read state, selection, search and export (the spec's own
// message texts stay in config/admin.ts).

export const inboxTexts = {
  unread: (n: number) => `${n} unread`,
  unreadLabel: (n: number) => `${n} unread ${n === 1 ? 'message' : 'messages'}`,
  search: 'Search messages',
  searchPlaceholder: 'Search by name, email or text',
  noMatches: 'No messages match your search.',
  selectAll: 'Select all',
  select: (name: string) => `Select message from ${name}`,
  selected: (n: number) => `${n} selected`,
  markRead: 'Mark read',
  markUnread: 'Mark unread',
  deleteSelected: 'Delete selected',
  confirmDeleteSelected: (n: number) =>
    n === 1 ? 'Are you sure you want to delete this message?' : `Are you sure you want to delete these ${n} messages?`,
  exportCsv: 'Export CSV',
  newBadge: 'New',
  updateFailed: 'Error updating messages. Please try again.',
  csvHeader: ['Received', 'First Name', 'Last Name', 'Email', 'Phone', 'Service Needed', 'Message', 'Read'],
} as const
