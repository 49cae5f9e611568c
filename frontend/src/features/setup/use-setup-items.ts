// The setup checklist's items from the rows the admin reads: contact placeholders,
// samples, default claims, the business name and the legal pages, less those the owner kept as they are.
import { useLegalSetupItems } from '@/features/legal/setup-items'
import { useAboutContent } from '@/features/about/api/get-about-content'
import { usePortfolioItems } from '@/features/portfolio/api/get-portfolio-items'
import { useContactInfo } from '@/features/site/api/get-contact-info'
import { useSiteSettings } from '@/features/site/api/get-site-settings'
import { useSiteTexts } from '@/features/site-texts/api/get-site-texts'
import { useTestimonials } from '@/features/testimonials/api/get-testimonials'
import { claimItems, contactItems, pendingItems, sampleItems, type SetupItem } from './setup-items'

export function useSetupItems(): SetupItem[] {
  const site = useSiteTexts()
  const items = [
    ...contactItems(useContactInfo().data),
    ...sampleItems(useTestimonials().data, usePortfolioItems().data),
    ...claimItems({ site, about: useAboutContent().data, settings: useSiteSettings().data }),
    ...useLegalSetupItems(),
  ]
  return pendingItems(items, site.confirmedDefaults)
}
