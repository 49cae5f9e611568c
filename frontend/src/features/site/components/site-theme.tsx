// Applies the site_settings colours as the theme's CSS variables on <html>, and the
// primary colour as the browser's theme colour. Renders nothing.
import { useEffect } from 'react'
import { useSiteSettings } from '../api/get-site-settings'
import { resolveSiteIdentity, themeVariables } from '../site-identity'

export function SiteTheme() {
  const { data: settings, isLoading } = useSiteSettings()

  useEffect(() => {
    if (isLoading) return
    const identity = resolveSiteIdentity(settings)
    const root = document.documentElement
    for (const [name, value] of Object.entries(themeVariables(identity))) {
      root.style.setProperty(name, value)
    }
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', identity.primaryColor)
  }, [settings, isLoading])

  return null
}
