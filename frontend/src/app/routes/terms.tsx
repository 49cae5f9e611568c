import { LegalPage } from '@/components/layout/legal-page'
import { termsOfService } from '@/config/legal'

export function TermsRoute() {
  return <LegalPage document={termsOfService} />
}
