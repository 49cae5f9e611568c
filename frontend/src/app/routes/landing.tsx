import { HeroSection } from '@/features/hero/components/hero-section'

export function LandingRoute() {
  return <HeroSection />
}
