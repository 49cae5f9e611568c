import { LegalPage } from './legal-page'
import { termsOfService } from '@/config/legal'

export function TermsRoute() {
  return <LegalPage slug="terms" document={termsOfService} />
}
