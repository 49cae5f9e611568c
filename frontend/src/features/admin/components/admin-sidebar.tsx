// The list of admin sections; the chosen one is held by the page, not the URL.
import { FileText, Image, Images, Info, LayoutTemplate, Mail, MessageSquareQuote, Settings, Wrench, type LucideIcon } from 'lucide-react'
import { adminSections, type AdminSectionKey } from '@/config/admin'
import { cn } from '@/lib/cn'

const icons: Record<AdminSectionKey, LucideIcon> = {
  hero: LayoutTemplate,
  services: Wrench,
  portfolio: Image,
  testimonials: MessageSquareQuote,
  about: Info,
  media: Images,
  contact: Mail,
  settings: Settings,
}

interface AdminSidebarProps {
  active: AdminSectionKey
  onSelect: (key: AdminSectionKey) => void
}

export function AdminSidebar({ active, onSelect }: AdminSidebarProps) {
  return (
    <nav aria-label="Admin sections" className="lg:sticky lg:top-24">
      <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-col lg:overflow-visible lg:px-0">
        {adminSections.map(({ key, label }) => {
          const Icon = icons[key] ?? FileText
          const current = key === active
          return (
            <li key={key} className="shrink-0">
              <button
                type="button"
                aria-current={current ? 'page' : undefined}
                onClick={() => onSelect(key)}
                className={cn(
                  'flex w-full cursor-pointer items-center gap-3 rounded-xl px-4 py-2.5 text-left text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-secondary',
                  current ? 'bg-primary text-primary-foreground shadow-sm' : 'text-slate-700 hover:bg-white hover:text-slate-950',
                )}
              >
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                {label}
              </button>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
