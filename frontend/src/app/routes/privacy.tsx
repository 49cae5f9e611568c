import { LegalPage } from './legal-page'
import { privacyPolicy } from '@/config/legal'

export function PrivacyRoute() {
  return <LegalPage slug="privacy" document={privacyPolicy} />
}
