// The landing page: hero, services, featured portfolio, about, testimonials, contact.
// Every section renders at once: pleat inlines the page's content into the HTML it serves
// (public/_pleat/pages.json), so no section waits for a read, a gesture or a chunk.
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { AboutSection } from '@/features/about/components/about-section'
import { ContactSection } from '@/features/contact/components/contact-section'
import { HeroSection } from '@/features/hero/components/hero-section'
import { FeaturedPortfolioSection } from '@/features/portfolio/components/featured-portfolio-section'
import { PageMetadata } from '@/features/seo/components/page-metadata'
import { StructuredData } from '@/features/seo/components/structured-data'
import { ServicesSection } from '@/features/services/components/services-section'
import { useSiteSettings } from '@/features/site/api/get-site-settings'
import { TestimonialsSection } from '@/features/testimonials/components/testimonials-section'
import { useAboutContent } from '@/features/about/api/get-about-content'
import { useHeroContent } from '@/features/hero/api/get-hero-content'
import { usePortfolioItems } from '@/features/portfolio/api/get-portfolio-items'
import { useServices } from '@/features/services/api/get-services'
import { useTestimonials } from '@/features/testimonials/api/get-testimonials'
import { scrollToSection } from '@/lib/scroll'
/**
 * Arriving at /#section (from another page's link): jump there at once, and again once
 * the sections above have loaded and taken their final height. A component of its own
 * (rendering nothing), so each read that arrives re-renders it alone, not the page.
 */
function ScrollToHash() {
  const { hash } = useLocation()
  const settled = [useHeroContent(), useServices(), usePortfolioItems(), useAboutContent(), useTestimonials()].every(
    (query) => !query.isLoading,
  )
  const done = useRef<string | null>(null)

  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''))
    if (!id || done.current === `${hash}:settled`) return
    scrollToSection(id, 'auto')
    if (settled) done.current = `${hash}:settled`
  }, [hash, settled])
  return null
}

/** The page's metadata, its description from site_settings. */
function LandingMetadata() {
  const { data: settings } = useSiteSettings()
  return <PageMetadata description={settings?.site_description} />
}

// Subscribes to no read itself: the sections, the metadata and the hash jump each
// re-render on their own reads only.
export function LandingRoute() {
  return (
    <>
      <ScrollToHash />
      <LandingMetadata />
      <StructuredData />
      <HeroSection />
      <ServicesSection />
      <FeaturedPortfolioSection />
      <AboutSection />
      <TestimonialsSection />
      <ContactSection />
    </>
  )
}
