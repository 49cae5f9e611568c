// What the admin says when its session ends while it is open (signed out in another
// tab, a password reset elsewhere, `pleat user passwd`): the failed save's text and the
// sign-in that appears over the open editors, so nothing typed is lost.

export const sessionTexts = {
  /** Every save or read refused because the session ended says this, whatever its editor. */
  signedOut: 'You were signed out. Sign in again; your changes are kept.',
  header: 'Signed out',
  dialogTitle: 'You were signed out',
  dialogMessage:
    'Your session ended (signed out elsewhere, or the password was changed). Sign in again; your changes are kept and you can save them then.',
  submit: 'Sign In Again',
} as const
