// Copy of /oauth/consent, the page an app sends someone to when it asks to use their
// account on this site ("Sign in with <site>"): the sign-in, the request, and every way it
// can fail, in plain words.

export const consentTexts = {
  /** The browser tab: "Allow access – Pleat Interiors". */
  documentTitle: (site: string) => `Allow access \u2013 ${site}`,
  loading: 'Loading...',
  signIn: {
    title: (site: string) => `Sign in to ${site}`,
    subtitle: 'An app is asking to use your account. Sign in to see what it asks for; nothing is shared until you allow it.',
  },
  twoStep: {
    title: 'Two-step sign-in',
    subtitle: 'Your account asks for a code after the password. Enter it to see what the app asks for.',
  },
  details: {
    /** The heading: "Allow Notes App to use your Pleat Interiors account?" */
    title: (app: string, site: string) => `Allow ${app} to use your ${site} account?`,
    unnamedApp: 'this app',
    appLink: (host: string) => `App's website: ${host}`,
    wants: 'It will be able to:',
    noScopes: 'Know that you signed in with this account',
    /** A scope the page has no words for, shown as the app asked for it. */
    otherScope: 'Other access:',
    returnTo: (host: string) => `If you allow it, you go back to ${host}.`,
    signedInAs: 'Signed in as',
    notYou: 'Not you?',
    useAnother: 'Use another account',
    signingOut: 'Signing out...',
    signOutFailed: "Couldn't sign you out. Check your connection and try again.",
    allow: 'Allow',
    allowing: 'Allowing...',
    deny: 'Deny',
    denying: 'Denying...',
    leaving: (app: string | null) => (app ? `Taking you back to ${app}...` : 'Taking you back to the app...'),
  },
  /** What each requested scope lets the app do, in plain words. */
  scopes: {
    openid: 'Confirm who you are on this site',
    email: 'See your email address',
    profile: 'See your name and profile picture',
    phone: 'See your phone number',
  } as Record<string, string>,
  problems: {
    missing: {
      title: 'This link is incomplete',
      body: 'This page opens when an app asks to use your account, and the link that brought you here has no request in it. Go back to the app and start signing in again.',
    },
    invalid: {
      title: 'This request is no longer valid',
      body: 'It has expired, was already answered, or was made for another account. Go back to the app and start signing in again.',
    },
    disabled: {
      title: 'Apps cannot use accounts here',
      body: 'This site does not let other apps sign in with its accounts. Go back to the app and choose another way to sign in.',
    },
    network: {
      title: "Can't reach the server",
      body: 'Check your connection and try again.',
    },
    failed: {
      title: 'Something went wrong',
      body: 'The request could not be loaded. Try again in a moment.',
    },
    /** A refused answer (Allow or Deny) that trying again may fix, shown above the buttons. */
    answerFailed: 'Your answer could not be sent. Try again in a moment.',
    answerNetwork: "Your answer could not be sent: can't reach the server. Check your connection and try again.",
  },
  tryAgain: 'Try again',
  home: 'Back to home',
} as const
