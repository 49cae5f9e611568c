// Maps a service's stored icon name to its lucide icon; unknown names draw Home.
import { Armchair, ArrowRight, Home, Lightbulb, Palette, Scissors, Sun, type LucideIcon } from 'lucide-react'
import { fallbackServiceIcon, landingServiceIcons, type LandingServiceIcon } from '@/config/site'

const icons: Record<LandingServiceIcon, LucideIcon> = { Home, Sun, Armchair, Lightbulb, ArrowRight, Scissors, Palette }

export function resolveServiceIconName(name: string | null | undefined): LandingServiceIcon {
  return (landingServiceIcons as readonly string[]).includes(name ?? '') ? (name as LandingServiceIcon) : fallbackServiceIcon
}

export function ServiceIcon({ name, className }: { name: string | null | undefined; className?: string }) {
  const resolved = resolveServiceIconName(name)
  const Icon = icons[resolved]
  return <Icon aria-hidden="true" data-icon={resolved} className={className} />
}
