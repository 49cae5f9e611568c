// Copy of the admin's safety nets (issue 15): the unsaved-changes question, the delete
// confirmation's buttons, and the undo toast. The delete questions themselves are the
// spec's (config/admin.ts).

export const guardTexts = {
  discard: {
    title: 'Discard unsaved changes?',
    message: 'You have changes that are not saved yet. If you leave now, they are lost.',
    confirm: 'Discard changes',
    cancel: 'Keep editing',
  },
  deleteDialog: {
    title: 'Delete?',
    confirm: 'Delete',
    cancel: 'Cancel',
  },
  undo: 'Undo',
  /** How long a deletion can be undone before it is sent. */
  undoMs: 6000,
  deleted: {
    service: 'Service deleted.',
    portfolio: 'Portfolio item deleted.',
    testimonial: 'Testimonial deleted.',
    message: 'Message deleted.',
  },
  viewSite: 'View site',
  adminTitle: (siteTitle: string) => `Admin – ${siteTitle}`,
  openMenu: 'Sections',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  contrastWarning: (pair: string, ratio: string) =>
    `${pair}: the best text colour reaches only ${ratio}:1 on it (4.5:1 is needed for text). Pick a lighter or darker colour.`,
} as const
