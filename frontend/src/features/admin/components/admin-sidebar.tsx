// The list of admin sections; the chosen one is held by the page, not the URL. On a phone
// they make one row that scrolls sideways (the chosen one scrolled into view), so the menu
// takes one line of the screen rather than half of it; from the lg breakpoint, a column.
import {
  ChartColumn,
  CircleUserRound,
  Contact,
  DatabaseBackup,
  FileText,
  Image,
  Images,
  Info,
  LayoutTemplate,
  Mail,
  Scale,
  MessageSquareQuote,
  Settings,
  Type,
  Wrench,
  type LucideIcon,
} from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'
import { adminSections, type AdminSectionKey } from '@/config/admin'
import { cn } from '@/lib/cn'

const icons: Record<AdminSectionKey, LucideIcon> = {
  hero: LayoutTemplate,
  services: Wrench,
  portfolio: Image,
  testimonials: MessageSquareQuote,
  about: Info,
  texts: Type,
  media: Images,
  contact: Mail,
  stats: ChartColumn,
  settings: Settings,
  details: Contact,
  legal: Scale,
  backups: DatabaseBackup,
  account: CircleUserRound,
}

/** What a section's button shows after its name (a count), and the id of the text that describes it. */
export interface SectionBadge {
  content: ReactNode
  describedBy?: string
}

interface AdminSidebarProps {
  active: AdminSectionKey
  onSelect: (key: AdminSectionKey) => void
  badges?: Partial<Record<AdminSectionKey, SectionBadge>>
}

export function AdminSidebar({ active, onSelect, badges = {} }: AdminSidebarProps) {
  const list = useRef<HTMLUListElement>(null)
  // The chosen section stays visible in the sideways row (no effect in the column).
  useEffect(() => {
    const button = list.current?.querySelector<HTMLElement>('[aria-current="page"]')
    const row = list.current
    if (!button || !row || row.scrollWidth <= row.clientWidth) return
    row.scrollLeft = button.offsetLeft - (row.clientWidth - button.offsetWidth) / 2
  }, [active])
  return (
    <nav aria-label="Admin sections" className="-mx-4 sm:-mx-6 lg:sticky lg:top-24 lg:mx-0">
      <ul
        ref={list}
        className="flex gap-1.5 overflow-x-auto px-4 pb-1 [scrollbar-width:thin] sm:px-6 lg:flex-col lg:gap-1 lg:overflow-visible lg:px-0 lg:pb-0"
      >
        {adminSections.map(({ key, label }) => {
          const Icon = icons[key] ?? FileText
          const current = key === active
          return (
            <li key={key} className="shrink-0 lg:w-full lg:min-w-0">
              <button
                type="button"
                aria-current={current ? 'page' : undefined}
                aria-describedby={badges[key]?.describedBy}
                onClick={() => onSelect(key)}
                className={cn(
                  'flex w-full cursor-pointer items-center gap-2 rounded-xl px-3 py-2 text-left whitespace-nowrap lg:whitespace-normal text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-secondary lg:gap-3 lg:px-4 lg:py-2.5',
                  current
                    ? 'bg-primary text-primary-foreground shadow-sm'
                    : 'bg-white text-slate-700 hover:text-slate-950 lg:bg-transparent lg:hover:bg-white',
                )}
              >
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                {label}
                {badges[key]?.content}
              </button>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
