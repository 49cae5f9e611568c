// Landing page about section: the story, an image and four figures.
import { SectionHeading } from '@/components/ui/section-heading'
import { useSiteTexts } from '@/features/site-texts/api/get-site-texts'
import { useAboutContent } from '../api/get-about-content'
import { aboutStats, aboutTitle } from '../about-stats'
import type { AboutContent } from '../types'
import { AboutFrame, AboutLoading } from './about-frame'
import { SiteImage } from '@/features/media/components/site-image'
import { aboutLayout } from '@/features/media/layouts'

interface AboutViewProps {
  about: AboutContent | null | undefined
  isLoading: boolean
}

export function AboutView({ about, isLoading }: AboutViewProps) {
  const site = useSiteTexts()
  const stats = aboutStats(about, site)
  return (
    <AboutFrame>
      {isLoading ? (
        <AboutLoading />
      ) : (
        <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-20">
          <div className="relative">
            <div aria-hidden="true" className="absolute -top-4 -left-4 h-2/3 w-2/3 rounded-3xl bg-secondary/20" />
            <div className="relative aspect-[4/3] overflow-hidden rounded-3xl bg-slate-100 shadow-2xl shadow-slate-900/10">
              {about?.image_url && (
                <SiteImage
                  src={about.image_url}
                  alt={about.image_alt?.trim() || aboutTitle(about)}
                  layout={aboutLayout}
                  width={800}
                  height={600}
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover"
                />
              )}
            </div>
          </div>
          <div>
            <SectionHeading id="about-heading" eyebrow={site.about.eyebrow} title={aboutTitle(about)} align="left" />
            {about?.content && <p className="mt-6 text-lg leading-relaxed whitespace-pre-line text-slate-600">{about.content}</p>}
            {stats.length > 0 && (
              <dl className="mt-10 grid grid-cols-2 gap-4">
                {stats.map((stat) => (
                  <div key={stat.label} className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200/70">
                    <dt className="text-sm text-slate-600">{stat.label}</dt>
                    <dd className="order-first font-display text-3xl font-semibold text-primary-ink sm:text-4xl">{stat.value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </div>
        </div>
      )}
    </AboutFrame>
  )
}

export function AboutSection() {
  const { data, isLoading } = useAboutContent()
  return <AboutView about={data} isLoading={isLoading} />
}
