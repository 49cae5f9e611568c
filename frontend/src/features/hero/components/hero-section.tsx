// Landing page hero; falls back to the spec's default copy when there is no row.
import { heroDefaults } from '@/config/site'
import { useHeroContent } from '../api/get-hero-content'

export function HeroSection() {
  const { hero, isLoading } = useHeroContent()

  return (
    <section
      id="hero"
      className="flex min-h-[60vh] items-center justify-center bg-primary px-4 py-24 text-center text-white"
    >
      {isLoading ? (
        <p className="text-lg">Loading...</p>
      ) : (
        <div className="max-w-3xl">
          <h1 className="text-4xl font-bold tracking-tight md:text-6xl">
            {hero?.title || heroDefaults.title}
          </h1>
          <p className="mt-6 text-lg text-slate-200 md:text-xl">
            {hero?.subtitle || heroDefaults.subtitle}
          </p>
        </div>
      )}
    </section>
  )
}
