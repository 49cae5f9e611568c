// Five clickable stars choosing a rating from 1 to 5 (a radio group: arrow keys move too).
import { Star } from 'lucide-react'
import type { KeyboardEvent } from 'react'
import { adminTexts } from '@/config/admin'
import { limits } from '@/config/site'
import { cn } from '@/lib/cn'

interface StarRatingInputProps {
  value: number
  onChange: (rating: number) => void
  labelledBy: string
}

export function StarRatingInput({ value, onChange, labelledBy }: StarRatingInputProps) {
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }[event.key]
    if (!step) return
    event.preventDefault()
    const next = Math.min(Math.max(value + step, 1), limits.ratingMax)
    onChange(next)
    event.currentTarget.querySelector<HTMLButtonElement>(`[data-star="${next}"]`)?.focus()
  }

  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="flex gap-1" onKeyDown={onKeyDown}>
      {Array.from({ length: limits.ratingMax }, (_, i) => {
        const star = i + 1
        const filled = star <= value
        return (
          <button
            key={star}
            type="button"
            role="radio"
            data-star={star}
            aria-checked={star === value}
            aria-label={adminTexts.testimonials.starLabel(star)}
            tabIndex={star === value ? 0 : -1}
            onClick={() => onChange(star)}
            className="cursor-pointer rounded-md p-0.5 transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-secondary"
          >
            <Star
              aria-hidden="true"
              data-filled={filled}
              className={cn('size-7', filled ? 'fill-secondary text-secondary' : 'fill-slate-200 text-slate-300')}
            />
          </button>
        )
      })}
    </div>
  )
}
