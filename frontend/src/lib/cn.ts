// Class name joiner for the ui primitives: clsx's conditionals, then tailwind-merge so a
// caller's class overrides a variant's conflicting one (`px-2` beats the variant's `px-4`).
import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs))
}
