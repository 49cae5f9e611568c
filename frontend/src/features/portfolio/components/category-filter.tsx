// The /portfolio category buttons: 'All Projects', then one per category in use, in the
// owner's order and with the owner's labels.
import { texts } from '@/config/site'
import { cn } from '@/lib/cn'
import type { Category } from '@/features/site-texts/types'
import { allCategories } from '../gallery'

interface CategoryFilterProps {
  categories: Category[]
  value: string
  onChange: (category: string) => void
  className?: string
}

export function CategoryFilter({ categories, value, onChange, className }: CategoryFilterProps) {
  const options = [{ value: allCategories, label: texts.portfolioPage.allCategories }, ...categories]
  return (
    <div role="group" aria-label="Filter projects by category" className={cn('flex flex-wrap gap-2', className)}>
      {options.map((option) => {
        const active = option.value === value
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option.value)}
            className={cn(
              'h-10 cursor-pointer rounded-full px-5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary',
              active
                ? 'bg-primary text-primary-foreground shadow-sm'
                : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100 hover:text-slate-950',
            )}
          >
            {option.label}
          </button>
        )
      })}
    </div>
  )
}
