// The fixed header (16 units high): the brand, which scrolls to the hero, and the section
// links; below the md breakpoint the links sit in a menu that closes after a pick.
import { Menu, X } from 'lucide-react'
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react'
import { landingNav, type SectionAnchor } from '@/config/site'
import { cn } from '@/lib/cn'
import { sectionHref, useSectionLink } from './use-section-link'

interface SiteHeaderProps {
  /** The site's title: the brand link's tooltip. */
  title: string
  /** The brand shown in the link (logo and title). */
  brand: ReactNode
}

export function SiteHeader({ title, brand }: SiteHeaderProps) {
  const goTo = useSectionLink()
  const [menuOpen, setMenuOpen] = useState(false)
  const [scrolled, setScrolled] = useState(false)

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 8)
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  useEffect(() => {
    if (!menuOpen) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false)
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [menuOpen])

  const follow = (anchor: SectionAnchor) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return
    event.preventDefault()
    setMenuOpen(false)
    goTo(anchor)
  }

  return (
    <header
      className={cn(
        'fixed inset-x-0 top-0 z-40 h-16 border-b bg-white/90 backdrop-blur-md transition-shadow duration-300',
        scrolled || menuOpen ? 'border-slate-200 shadow-sm' : 'border-transparent',
      )}
    >
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <a
          href={sectionHref('hero')}
          onClick={follow('hero')}
          title={title}
          className="min-w-0 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-secondary"
        >
          {brand}
        </a>
        <nav aria-label="Main" className="hidden shrink-0 md:block">
          <ul className="flex items-center gap-1">
            {landingNav.map((item) => (
              <li key={item.anchor}>
                <a
                  href={sectionHref(item.anchor)}
                  onClick={follow(item.anchor)}
                  className="rounded-full px-3.5 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-secondary lg:px-4"
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <button
          type="button"
          className="inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-secondary md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
        </button>
      </div>
      {menuOpen && (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className="animate-fade-in absolute inset-x-0 top-16 border-b border-slate-200 bg-white shadow-lg md:hidden"
        >
          <ul className="mx-auto flex max-w-7xl flex-col px-4 py-3 sm:px-6">
            {landingNav.map((item) => (
              <li key={item.anchor}>
                <a
                  href={sectionHref(item.anchor)}
                  onClick={follow(item.anchor)}
                  className="block rounded-xl px-4 py-3 text-base font-medium text-slate-800 hover:bg-slate-50"
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  )
}
