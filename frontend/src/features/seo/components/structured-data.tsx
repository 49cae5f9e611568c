// Puts the site's JSON-LD into <head> once the content it describes has loaded, and takes
// it out again when the page that shows it is left. On the page pleat served (/ and
// /portfolio), the JSON-LD pleat wrote into that HTML from the same rows is kept as it is:
// the builder only loads when the page is reached inside the app.
import { useEffect } from 'react'
import { useHeroContent } from '@/features/hero/api/get-hero-content'
import { useServices } from '@/features/services/api/get-services'
import { useContactInfo } from '@/features/site/api/get-contact-info'
import { useSiteSettings } from '@/features/site/api/get-site-settings'
import { resolveSiteIdentity } from '@/features/site/site-identity'
import { importWithRetry } from '@/lib/import-with-retry'
import { useTestimonials } from '@/features/testimonials/api/get-testimonials'
import { applyJsonLd, jsonLdScriptId, removeJsonLd } from '../apply-head'

/** The JSON-LD script in the HTML as served, before the app changed anything. */
const served = typeof document === 'undefined' ? null : document.getElementById(jsonLdScriptId)

export function StructuredData() {
  const settings = useSiteSettings()
  const hero = useHeroContent()
  const contact = useContactInfo()
  const services = useServices()
  const testimonials = useTestimonials()
  const ready = [settings, hero, contact, services, testimonials].every((query) => !query.isLoading)

  useEffect(() => {
    if (!ready || served?.isConnected) return
    let current = true
    // Without the builder (offline), the page simply has no JSON-LD until the data changes again.
    importWithRetry(() => import('../build-json-ld'), { reload: false }).then(
      ({ buildJsonLd, serializeJsonLd }) => {
        if (!current) return
        const identity = resolveSiteIdentity(settings.data)
        applyJsonLd(
          serializeJsonLd(
            buildJsonLd({
              origin: window.location.origin,
              siteTitle: identity.title,
              description: identity.description,
              logoUrl: identity.logoUrl,
              image: hero.data?.background_image,
              priceRange: settings.data?.price_range,
              contactInfo: contact.data,
              services: services.data,
              testimonials: testimonials.data,
            }),
          ),
        )
      },
      () => {},
    )
    return () => {
      current = false
    }
  }, [ready, settings.data, hero.data, contact.data, services.data, testimonials.data])

  useEffect(() => removeJsonLd, [])

  return null
}
