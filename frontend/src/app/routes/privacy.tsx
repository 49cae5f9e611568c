import { LegalPage } from '@/components/layout/legal-page'
import { privacyPolicy } from '@/config/legal'

export function PrivacyRoute() {
  return <LegalPage document={privacyPolicy} />
}
