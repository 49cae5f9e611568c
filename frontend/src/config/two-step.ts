// The admin's second step and passkeys: the code asked after the password, the
// Account section's "Two-step sign-in" and "Sign in with a passkey", and their errors.

/** The command an administrator runs on the server when an owner lost every second factor. */
export const resetMfaCommand = (email: string) => `pleat user reset-mfa ${email || 'you@example.com'}`

export const twoStepTexts = {
  // After the password.
  stepTitle: 'Two-step sign-in',
  stepSubtitle: 'Your account asks for a code after the password. Until you enter it, the site cannot be changed from this session.',
  codeLabel: '6-digit code from your authenticator app',
  appLabel: 'Authenticator app',
  verify: 'Verify',
  verifying: 'Checking...',
  useKey: 'Use a passkey or security key',
  usingKey: 'Waiting for your passkey...',
  signOut: 'Sign out',
  lostPhone: 'Lost your phone? An administrator of the server can turn two-step sign-in off for you with',
  // Account: Two-step sign-in.
  title: 'Two-step sign-in',
  hintOff:
    'Ask for a code from an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password) after your password, so a stolen password alone cannot change the site.',
  hintOn: 'On: after your password, the admin asks for a code from your authenticator app.',
  turnOn: 'Turn on two-step sign-in',
  addAnother: 'Add another authenticator app',
  starting: 'Preparing...',
  scan: 'Scan this QR code with your authenticator app.',
  qrAlt: 'QR code to add this account to your authenticator app',
  typeKey: 'Can\u2019t scan it? Type this key into the app instead:',
  confirm: 'Confirm',
  confirming: 'Checking...',
  cancel: 'Cancel',
  turnedOn: 'Two-step sign-in is on. You will be asked for a code the next time you sign in.',
  factorName: (index: number) => (index === 1 ? 'Authenticator app' : `Authenticator app ${index}`),
  added: (date: string) => `Added ${date}`,
  remove: 'Remove',
  removing: 'Removing...',
  removeTitle: 'Remove this authenticator app?',
  removeLast: 'Two-step sign-in turns off: your password alone will sign in again.',
  removeOne: 'Codes from this app will no longer be accepted.',
  removeConfirm: 'Remove',
  keep: 'Keep',
  removeNeedsCode: 'Enter a code from your authenticator app to confirm it is you, then the app is removed.',
  removed: 'Authenticator app removed.',
  turnedOff: 'Two-step sign-in is off.',
  recoveryTitle: 'If you lose your phone',
  recovery:
    'Keep a second way in: register a passkey on this device below, or add a second authenticator app. Without one, an administrator of the server can turn two-step sign-in off for you with',
  // Account: passkeys.
  passkeysTitle: 'Sign in with a passkey',
  passkeysHint:
    'Sign in with this device\u2019s fingerprint, face or screen lock instead of typing your password. The passkey stays on the device; nothing secret is sent.',
  register: 'Register this device',
  registering: 'Waiting for your device...',
  registered: 'This device is registered. Use \u201cSign in with a passkey\u201d on the sign-in screen.',
  noPasskeys: 'No passkeys yet.',
  passkeyName: (name: string | undefined) => name || 'Passkey',
  lastUsed: (date: string) => `last used ${date}`,
  removePasskeyTitle: 'Remove this passkey?',
  removePasskey: 'This device will no longer sign you in with it.',
  passkeyRemoved: 'Passkey removed.',
  unsupported: 'This browser cannot use passkeys.',
  // Sign-in screen.
  signInWithPasskey: 'Sign in with a passkey',
  signingInWithPasskey: 'Waiting for your passkey...',
  loading: 'Loading...',
  errors: {
    codeFormat: 'Enter the 6 digits shown in your authenticator app.',
    codeWrong: 'That code is not right. Codes change every 30 seconds: enter the one shown now.',
    expired: 'That took too long. Enter the code shown now.',
    /**
     * The server throttles code checks (wrong codes for the account, and checks from one
     * client); the wait is rounded up to minutes.
     */
    tooMany: (seconds: number | undefined) => {
      if (seconds === undefined) return 'Too many code attempts. Wait a while, then try again.'
      const minutes = Math.max(1, Math.ceil(seconds / 60))
      return `Too many code attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`
    },
    failed: 'Error checking the code. Please try again.',
    enrolFailed: 'Error turning on two-step sign-in. Please try again.',
    tooManyFactors: 'This account already has as many authenticator apps as it may. Remove one first.',
    removeFailed: 'Error removing it. Please try again.',
    loadFailed: 'Error loading your sign-in settings. Please try again.',
    passkeyCancelled: 'No passkey was used. Try again when your device asks.',
    /** The server did not accept the passkey: removed from the account, or made for another site. */
    passkeyUnknown:
      'This passkey was not accepted. If it was removed from your account, sign in with your password and register this device again in Account.',
    passkeyFailed: 'Error signing in with the passkey. Please try again.',
    registerCancelled: 'The device did not register a passkey. Try again when it asks.',
    registerDuplicate: 'This device is already registered.',
    registerFailed: 'Error registering this device. Please try again.',
  },
} as const
