// /oauth/consent, loaded lazily from the router: the page where an app that signs people
// in with this site asks for their consent (features/oauth-consent). Its own full-screen
// card, not the site's header and footer.
import { ConsentPage } from '@/features/oauth-consent/components/consent-page'

export default function OAuthConsentRoute() {
  return <ConsentPage />
}
