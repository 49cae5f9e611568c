// The landing page: hero, services, featured portfolio, about, testimonials, contact.
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
 * the sections above have loaded and taken their final height.
 */
function useScrollToHash() {
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
}

export function LandingRoute() {
  const { data: settings } = useSiteSettings()
  useScrollToHash()
  return (
    <>
      <PageMetadata description={settings?.site_description} />
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
