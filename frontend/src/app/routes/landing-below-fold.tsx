// The landing page below its first screens: featured projects, about, testimonials and
// contact, one chunk loaded when the visitor heads there (see landing.tsx).
import { AboutSection } from '@/features/about/components/about-section'
import { ContactSection } from '@/features/contact/components/contact-section'
import { FeaturedPortfolioSection } from '@/features/portfolio/components/featured-portfolio-section'
import { TestimonialsSection } from '@/features/testimonials/components/testimonials-section'

export default function LandingBelowFold() {
  return (
    <>
      <FeaturedPortfolioSection />
      <AboutSection />
      <TestimonialsSection />
      <ContactSection />
    </>
  )
}
