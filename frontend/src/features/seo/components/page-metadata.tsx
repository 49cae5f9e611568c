// Sets the page's title, description, sharing tags and canonical link from what the page
// gives, filled with the spec's defaults (site title, hero subtitle and image).
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { useHeroContent } from '@/features/hero/api/get-hero-content'
import { useSiteSettings } from '@/features/site/api/get-site-settings'
import { useSiteTextsRow } from '@/features/site-texts/api/get-site-texts'
import { resolveSiteTexts } from '@/features/site-texts/resolve'
import { applyMetadata } from '../apply-head'
import { buildMetadata, type MetadataInput } from '../build-metadata'

export function PageMetadata({ title, description, image, url, type }: MetadataInput) {
  const { pathname } = useLocation()
  const settings = useSiteSettings()
  const hero = useHeroContent()
  const siteTexts = useSiteTextsRow()
  const ready = !settings.isLoading && !hero.isLoading && !siteTexts.isLoading

  useEffect(() => {
    if (!ready) return
    applyMetadata(
      buildMetadata(
        { title, description, image, url, type },
        {
          siteTitle: settings.data?.site_title,
          titleSuffix: resolveSiteTexts(siteTexts.data).titleSuffix,
          heroSubtitle: hero.data?.subtitle,
          heroImage: hero.data?.background_image,
          origin: window.location.origin,
          pathname,
          language: settings.data?.site_language,
        },
      ),
    )
  }, [ready, title, description, image, url, type, pathname, settings.data, hero.data, siteTexts.data])

  return null
}
