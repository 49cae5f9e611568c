// Shared look of text inputs, textareas and selects.
import { cva } from 'class-variance-authority'

export const fieldVariants = cva(
  'block w-full rounded-xl border border-slate-300 bg-white px-4 text-base text-slate-900 shadow-xs transition-colors placeholder:text-slate-500 focus:border-primary focus:ring-2 focus:ring-secondary/40 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-70 sm:text-sm',
)
