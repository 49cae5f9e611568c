import { Link } from 'react-router'
import { siteConfig } from '@/config/site'

export function SiteFooter() {
  return (
    <footer className="bg-primary text-slate-300">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm md:flex-row md:items-center md:justify-between">
        <p>
          &copy; {siteConfig.copyrightYear} {siteConfig.title}. All rights reserved.
        </p>
        <nav className="flex gap-6">
          <Link to="/privacy" className="hover:text-secondary">
            Privacy Policy
          </Link>
          <Link to="/terms" className="hover:text-secondary">
            Terms of Service
          </Link>
        </nav>
      </div>
    </footer>
  )
}
