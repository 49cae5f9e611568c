// "Sign in with <provider>" buttons for the providers the server has switched on (none:
// nothing is shown), coming back to `returnTo`, and why the last such sign-in came back
// refused.
import { LogIn } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { authProviderTexts, type AuthProvider } from '@/config/auth-providers'
import { landingEmailLink } from '@/lib/email-link'
import { signInWithProvider, useEnabledProviders } from '../api/sign-in-with-provider'

function refusalText(): string | null {
  if (landingEmailLink?.kind !== 'provider') return null
  return landingEmailLink.code === 'provider_email_needs_verification' ? authProviderTexts.unverified : authProviderTexts.failed
}

export function ProviderButtons({ disabled, returnTo }: { disabled: boolean; returnTo: string }) {
  const providers = useEnabledProviders()
  const [opening, setOpening] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(refusalText)

  async function onClick(provider: AuthProvider) {
    setError(null)
    setOpening(provider.id)
    try {
      await signInWithProvider(provider, returnTo)
    } catch (cause) {
      console.error('Error starting a sign-in with a provider:', cause)
      setError(authProviderTexts.failed)
      setOpening(null)
    }
  }

  if (providers.length === 0) return <FormAlert>{error}</FormAlert>
  return (
    <div className="space-y-3">
      {providers.map((provider) => (
        <Button
          key={provider.id}
          type="button"
          variant="outline"
          className="w-full"
          disabled={disabled || opening !== null}
          onClick={() => void onClick(provider)}
        >
          <LogIn aria-hidden="true" />
          {opening === provider.id ? authProviderTexts.redirecting : authProviderTexts.signInWith(provider.label)}
        </Button>
      ))}
      <FormAlert>{error}</FormAlert>
    </div>
  )
}
