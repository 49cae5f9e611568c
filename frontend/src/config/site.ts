// Site copy, defaults and limits from the spec, kept as typed data so pages and editors share them.

export const siteConfig = {
  title: 'Pleat Interiors',
  titleSuffix: ' - Custom Curtains, Blinds & Furniture Covers',
  description: 'Custom curtains, blinds and furniture covers crafted with precision. Design consultation, measurement and installation.',
  copyrightYear: 2025,
  legalLastUpdated: 'October 10, 2025',
} as const

export const heroDefaults = {
  title: 'Transform Your Space',
  subtitle: 'Custom curtains, blinds and furniture covers crafted with precision',
  /** Shipped with the site; stands in for the spec's stock photo. */
  backgroundImage: '/images/hero.svg',
  ctaText: 'View Our Work',
  ctaSecondaryText: 'Get Quote',
} as const

/** Page metadata defaults. */
export const seoDefaults = {
  description:
    'Transform your space with custom curtains, blinds and furniture covers, designed with you, measured precisely and installed in your home.',
  /** A 1200×630 JPEG of the shipped hero art: link previews render no SVG. */
  image: '/images/hero-share.jpg',
  type: 'website',
  openingHours: 'Mo-Fr 09:00-18:00, Sa 10:00-16:00',
  priceRange: '$$',
  /** The site's language until the owner sets one (site_settings.site_language). */
  language: 'en',
  /** The usual country of a bare language, for og:locale ("fr" → fr_FR); the head template lists the same. */
  usualRegions: {
    en: 'US',
    fr: 'FR',
    de: 'DE',
    es: 'ES',
    it: 'IT',
    nl: 'NL',
    pt: 'PT',
    da: 'DK',
    sv: 'SE',
    nb: 'NO',
    fi: 'FI',
    pl: 'PL',
    ja: 'JP',
  },
  twitterCard: 'summary_large_image',
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

export const legalNav = [
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms of Service', to: '/terms' },
] as const

/** The footer's services on a fresh site (the spec's four); the owner can follow the services list instead. */
export const footerServices = ['Custom Curtains', 'Window Blinds', 'Furniture Covers', 'Design Consultation'] as const

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

/** The portfolio's categories on a fresh site (site_texts.portfolio_categories); the owner edits the list. */
export const defaultPortfolioCategories = [
  { value: 'curtains', label: 'Curtains' },
  { value: 'blinds', label: 'Blinds' },
  { value: 'furniture-covers', label: 'Furniture Covers' },
  { value: 'other', label: 'Other' },
] as const

/** Icons a service may use in the editor; the landing page falls back to Home for unknown names. */
export const serviceIcons = ['Home', 'Sun', 'Armchair', 'Lightbulb', 'Scissors', 'Palette'] as const
export type ServiceIcon = (typeof serviceIcons)[number]

/** Icon names the landing page can draw (the editor's list plus ArrowRight, which older rows use). */
export const landingServiceIcons = [...serviceIcons, 'ArrowRight'] as const
export type LandingServiceIcon = (typeof landingServiceIcons)[number]
export const fallbackServiceIcon: LandingServiceIcon = 'Home'

export const limits = {
  contact: { firstName: 50, lastName: 50, email: 100, phone: 20, serviceNeeded: 50, message: 2000 },
  hero: { title: 200, subtitle: 500, backgroundImage: 500, ctaText: 50, ctaSecondaryText: 50 },
  /** Alt text of a photo (the columns' check allows 300 characters). */
  imageAlt: 300,
  featuredPortfolioMax: 6,
  featuredPortfolioPlaceholders: 6,
  portfolioPagePlaceholders: 9,
  messagePreviewChars: 150,
  galleryAutoAdvanceMs: 4000,
  thankYouPanelMs: 5000,
  ratingMax: 5,
} as const

/** Display defaults of the about section and testimonials. */
export const displayDefaults = {
  aboutTitle: 'About Our Craft',
  yearsExperience: 10,
  projectsCompleted: 500,
  rating: 5,
} as const

export const aboutStaticStats = [
  { value: '100%', label: 'Client Satisfaction' },
  { value: '5★', label: 'Average Rating' },
] as const

/** Loading, empty and section texts shown on the public pages. */
export const texts = {
  loading: 'Loading...',
  loadingServices: 'Loading services...',
  loadingAbout: 'Loading about content...',
  loadingTestimonials: 'Loading testimonials...',
  noPortfolioItems: 'No portfolio items available yet.',
  noFeaturedProjects: 'No featured projects available yet.',
  noFeaturedProjectsHint: 'Mark projects as Featured in the CMS to show them here.',
  noProjectsInCategory: 'No projects found in this category.',
  services: {
    eyebrow: 'What we do',
    heading: 'Our Services',
    intro: 'From the first consultation to the final fitting, every piece is designed, measured and made to order for your home.',
  },
  featured: {
    eyebrow: 'Portfolio',
    heading: 'Featured Projects',
    intro: 'A few recent rooms we have dressed, from linen drapes to tailored sofa covers.',
    viewAll: 'View All Projects',
  },
  about: {
    eyebrow: 'About us',
    yearsLabel: 'Years Experience',
    projectsLabel: 'Projects Completed',
  },
  testimonials: {
    eyebrow: 'Testimonials',
    heading: 'What Our Clients Say',
    intro: 'Homeowners and businesses on working with us.',
  },
  contact: {
    eyebrow: 'Contact',
    heading: 'Get Your Free Quote',
    intro: 'Tell us about your windows or furniture and we will get back to you with ideas, fabrics and a quote.',
    detailsHeading: 'Visit or call us',
    /** Completes the thank-you text's "We'll get back to you …" (site_texts.reply_promise). */
    replyPromise: 'within 24 hours',
  },
  portfolioPage: {
    backLink: 'Back to Home',
    heading: 'Our Portfolio',
    intro:
      'Curtains, blinds and furniture covers we have designed, made and fitted. Choose a category, then open a project to see every photo.',
    allCategories: 'All Projects',
    ctaHeading: 'Ready to Transform Your Space?',
    ctaText: 'Tell us about your project and we will help you choose the perfect fabrics and finishes.',
    ctaButton: 'Get Your Free Quote',
  },
  project: {
    getSimilar: 'Get Similar Work Done',
    detailsHeading: 'Project Details',
  },
  footer: {
    quickLinks: 'Quick Links',
    services: 'Services',
    legal: 'Legal',
    rights: 'All rights reserved.',
  },
} as const
