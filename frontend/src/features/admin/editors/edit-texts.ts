//! Copy of the editors' save path: the conflict notice (someone else saved the same row
//! since it was loaded), the note over edits restored after a reload, and the toast
//! that confirms a save.

export const editTexts = {
  conflict: {
    title: 'Someone else changed this since you opened it',
    /** `who` changed it, `when`: e.g. 'owner@example.com, 2 minutes ago (26 Nov 2026, 16:03)'. */
    changed: (who: string, when: string) => `Changed by ${who}, ${when}. Nothing of yours was saved yet.`,
    deleted: (who: string, when: string) => `Deleted by ${who}, ${when}. Nothing of yours was saved yet.`,
    deletedUnknown: 'It was deleted. Nothing of yours was saved yet.',
    changedUnknown: 'Nothing of yours was saved yet.',
    someoneElse: 'someone else',
    script: 'a script or another tool (no signed-in user)',
    keepMine: 'Keep mine',
    keepMineHint: 'Save everything in this form over their version.',
    loadTheirs: 'Load theirs',
    loadTheirsHint: 'Replace this form with the version now stored.',
  },
  restored: {
    text: 'Restored your unsaved changes.',
    discard: 'Discard',
  },
  /** The toast after a save of a single-row section. */
  saved: 'Changes saved.',
  /** The toast after a list item was saved, e.g. '"Custom Curtains" saved.' */
  itemSaved: (name: string) => (name ? `“${name}” saved.` : 'Saved.'),
  deleted: {
    already: 'It was already deleted (by someone else or in another tab).',
    changed: (who: string, when: string) =>
      `It was not deleted: ${who} changed it ${when}, after you opened this list. Look at their version, then delete it again if you still want to.`,
  },
} as const
