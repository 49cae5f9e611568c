// Site copy, defaults and limits from the spec, kept as typed data so pages and editors share them.

export const siteConfig = {
  title: 'Pleat Interiors',
  titleSuffix: ' - Custom Curtains, Blinds & Furniture Covers',
  description:
    'Custom curtains, blinds and furniture covers crafted with precision. Design consultation, measurement and installation.',
  copyrightYear: 2025,
  legalLastUpdated: 'October 10, 2025',
} as const

export const heroDefaults = {
  title: 'Transform Your Space',
  subtitle: 'Custom curtains, blinds and furniture covers crafted with precision',
  ctaText: 'View Our Work',
  ctaSecondaryText: 'Get Quote',
} as const

export type SectionAnchor = 'hero' | 'services' | 'portfolio' | 'about' | 'testimonials' | 'contact'

export interface NavItem {
  label: string
  anchor: SectionAnchor
}

export const landingNav: readonly NavItem[] = [
  { label: 'Home', anchor: 'hero' },
  { label: 'Services', anchor: 'services' },
  { label: 'Portfolio', anchor: 'portfolio' },
  { label: 'About', anchor: 'about' },
  { label: 'Testimonials', anchor: 'testimonials' },
  { label: 'Contact', anchor: 'contact' },
]

export interface ColorPreset {
  name: string
  primary: string
  secondary: string
}

export const defaultColors = { primary: '#1e293b', secondary: '#f59e0b' } as const

export const colorPresets: readonly ColorPreset[] = [
  { name: 'Default', primary: '#1e293b', secondary: '#f59e0b' },
  { name: 'Ocean Blue', primary: '#0f172a', secondary: '#0ea5e9' },
  { name: 'Forest Green', primary: '#1f2937', secondary: '#10b981' },
  { name: 'Royal Purple', primary: '#1e1b4b', secondary: '#8b5cf6' },
  { name: 'Warm Brown', primary: '#451a03', secondary: '#f97316' },
  { name: 'Modern Gray', primary: '#374151', secondary: '#6b7280' },
]

export const serviceOptions = [
  { value: 'curtains', label: 'Custom Curtains' },
  { value: 'blinds', label: 'Blinds & Shades' },
  { value: 'furniture-covers', label: 'Furniture Covers' },
  { value: 'consultation', label: 'Design Consultation' },
  { value: 'other', label: 'Other' },
] as const

export const portfolioCategories = ['curtains', 'blinds', 'furniture-covers', 'other'] as const
export type PortfolioCategory = (typeof portfolioCategories)[number]

/** Icons a service may use in the editor; the landing page falls back to Home for unknown names. */
export const serviceIcons = ['Home', 'Sun', 'Armchair', 'Lightbulb', 'Scissors', 'Palette'] as const
export type ServiceIcon = (typeof serviceIcons)[number]

export const limits = {
  contact: { firstName: 50, lastName: 50, email: 100, phone: 20, serviceNeeded: 50, message: 2000 },
  hero: { title: 200, subtitle: 500, backgroundImage: 500, ctaText: 50, ctaSecondaryText: 50 },
  featuredPortfolioMax: 6,
  messagePreviewChars: 150,
  galleryAutoAdvanceMs: 4000,
  thankYouPanelMs: 5000,
} as const
