// Landing page hero: full-screen background image under a dark overlay, the heading,
// the subtitle and two buttons; the spec's default copy when there is no row.
import { ArrowRight } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { texts } from '@/config/site'
import { scrollToSection } from '@/lib/scroll'
import { SiteImage } from '@/features/media/components/site-image'
import { heroLayout, heroPortraitLayout } from '@/features/media/layouts'
import { useHeroContent } from '../api/get-hero-content'
import { resolveHeroCopy } from '../hero-copy'
import type { HeroContent } from '../types'

interface HeroViewProps {
  hero: HeroContent | null | undefined
  isLoading: boolean
}

export function HeroView({ hero, isLoading }: HeroViewProps) {
  const copy = resolveHeroCopy(hero)
  return (
    <section
      id="hero"
      aria-labelledby={isLoading ? undefined : 'hero-heading'}
      aria-busy={isLoading || undefined}
      className="relative isolate flex min-h-svh scroll-mt-16 overflow-hidden bg-primary pt-16 text-white"
    >
      {!isLoading && (
        <SiteImage
          src={copy.backgroundImage}
          alt={copy.backgroundImageAlt}
          layout={heroLayout}
          portrait={heroPortraitLayout}
          focus={copy.backgroundFocus}
          width={1920}
          height={1080}
          fetchPriority="high"
          decoding="async"
          className="absolute inset-0 -z-20 size-full object-cover"
        />
      )}
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-linear-to-b from-slate-950/75 via-slate-950/55 to-slate-950/80" />
      {/* Full height, its content centred inside: the box itself never moves when the
          loading text gives way to the content, so the page does not shift. */}
      <div className="mx-auto flex w-full max-w-7xl flex-col justify-center px-4 py-24 sm:px-6 lg:px-8">
        {isLoading ? (
          <p role="status" className="text-center text-lg text-slate-200">
            {texts.loading}
          </p>
        ) : (
          <div className="animate-rise max-w-3xl">
            <span aria-hidden="true" className="mb-8 block h-1 w-16 rounded-full bg-secondary" />
            <h1
              id="hero-heading"
              className="font-display text-5xl leading-[1.05] font-semibold tracking-tight text-balance sm:text-6xl lg:text-7xl"
            >
              {copy.title}
            </h1>
            <p className="mt-6 max-w-2xl text-lg leading-relaxed text-pretty text-slate-200 sm:text-xl">{copy.subtitle}</p>
            <div className="mt-10 flex flex-col gap-4 sm:flex-row">
              <Button variant="secondary" size="lg" onClick={() => scrollToSection('portfolio')}>
                {copy.ctaText}
                <ArrowRight aria-hidden="true" />
              </Button>
              <Button variant="glass" size="lg" onClick={() => scrollToSection('contact')}>
                {copy.ctaSecondaryText}
              </Button>
            </div>
          </div>
        )}
      </div>
    </section>
  )
}

export function HeroSection() {
  const { data, isLoading } = useHeroContent()
  return <HeroView hero={data} isLoading={isLoading} />
}
