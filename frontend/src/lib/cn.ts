// Class name joiner for the ui primitives: clsx's conditionals, then tailwind-merge so a
// caller's class overrides a variant's conflicting one (`px-2` beats the variant's `px-4`).
// The merger knows only the class groups the site's classes belong to
// (tailwind-merge-config.ts, generated), which keeps the full default configuration, the
// largest piece of shared ui code, out of the landing page; cn.test.ts checks that it
// merges every pair of the sources' classes exactly as the full `twMerge` does.
import { clsx, type ClassValue } from 'clsx'
import { createTailwindMerge } from 'tailwind-merge'
import { tailwindMergeConfig } from './tailwind-merge-config'

const twMerge = createTailwindMerge(() => tailwindMergeConfig)

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs))
}
