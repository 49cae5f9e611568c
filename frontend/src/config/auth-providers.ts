// "Sign in with …" on the admin's sign-in screen: the providers the server may report
// as enabled (GET /auth/v1/settings `external`), in the order their buttons appear, and
// what the screen says about them.

export interface AuthProvider {
  /** The provider's name in supabase-js `signInWithOAuth({ provider })` and in `external`. */
  id: string
  label: string
}

export const authProviders: AuthProvider[] = [
  { id: 'google', label: 'Google' },
  { id: 'apple', label: 'Apple' },
  { id: 'azure', label: 'Microsoft' },
  { id: 'github', label: 'GitHub' },
  { id: 'gitlab', label: 'GitLab' },
  { id: 'discord', label: 'Discord' },
  { id: 'keycloak', label: 'Keycloak' },
  { id: 'oidc', label: 'single sign-on' },
]

export const authProviderTexts = {
  signInWith: (label: string) => `Sign in with ${label}`,
  redirecting: 'Opening the sign-in page...',
  failed: 'Signing in with that account did not work. Try again, or sign in with your email and password.',
  unverified: 'That account\u2019s email address is not verified by its provider, so it cannot sign in here.',
}
