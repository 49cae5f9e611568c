import { Link } from 'react-router'
import { Scissors } from 'lucide-react'
import { siteConfig } from '@/config/site'

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 h-16 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-full max-w-6xl items-center justify-between px-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-primary">
          <Scissors aria-hidden="true" className="size-5 text-secondary" />
          {siteConfig.title}
        </Link>
        <nav className="flex gap-6 text-sm font-medium text-slate-700">
          <Link to="/" className="hover:text-primary">
            Home
          </Link>
          <Link to="/portfolio" className="hover:text-primary">
            Portfolio
          </Link>
        </nav>
      </div>
    </header>
  )
}
