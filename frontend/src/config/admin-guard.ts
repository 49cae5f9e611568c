// Copy of the admin's safety nets: the unsaved-changes question, the delete
// confirmation's buttons, and the undo toast. The delete questions and each section's
// "… deleted." text are in config/admin.ts with the rest of the section's copy.

function undoWindowMs(setting: string | undefined): number {
  const ms = Number(setting)
  return setting && Number.isInteger(ms) && ms > 0 ? ms : 6000
}

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
  /**
   * How long a deletion can be undone before it is sent. The end-to-end build shortens it
   * (VITE_ADMIN_UNDO_MS), so the test that outwaits it does not sit out six seconds.
   */
  undoMs: undoWindowMs(import.meta.env.VITE_ADMIN_UNDO_MS),
  viewSite: 'View site',
  adminTitle: (siteTitle: string) => `Admin – ${siteTitle}`,
  openMenu: 'Sections',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  contrastWarning: (pair: string, ratio: string, min: number) =>
    `${pair}: only ${ratio}:1 (at least ${min}:1 is needed to read well). The site uses a readable colour there instead; pick a lighter or darker colour to keep yours.`,
} as const
