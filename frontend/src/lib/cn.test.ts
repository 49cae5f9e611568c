import { twMerge } from 'tailwind-merge'
import { describe, expect, it } from 'vitest'
import { cn } from './cn'

// Every source file's text (the tests' own excepted), as Tailwind itself scans them.
const sources = import.meta.glob(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/lib/tailwind-merge-config.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>

// Same rule as classTokens() in scripts/tailwind-merge-config.mjs.
function classTokens(text: string): Set<string> {
  const tokens = new Set<string>()
  for (const literal of text.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
    for (const token of literal[2].split(/\s+/)) {
      if (token && token.length < 80 && /^[!\-a-z0-9[@*][^\s]*$/.test(token)) tokens.add(token)
    }
  }
  return tokens
}

describe('cn', () => {
  it('joins conditional classes and lets the last of two conflicting ones win', () => {
    const hidden: boolean = false
    expect(cn('px-4 py-2', hidden && 'hidden', 'px-2')).toBe('py-2 px-2')
    expect(cn('rounded-md', 'rounded-none')).toBe('rounded-none')
    expect(cn('text-sm text-slate-600', 'text-white')).toBe('text-sm text-white')
    expect(cn('hidden md:block', 'flex')).toBe('md:block flex')
  })

  // Every pair of ~1600 classes: seconds of work, more on a shared CI machine.
  it('merges every pair of the classes used in src/ exactly as the full tailwind-merge', { timeout: 60_000 }, () => {
    const tokens = new Set<string>()
    for (const text of Object.values(sources)) for (const token of classTokens(text)) tokens.add(token)
    expect(tokens.size).toBeGreaterThan(200)
    // Classes the full merger knows (it drops one of two copies); the others pass through both.
    const known = [...tokens].filter((token) => twMerge(`${token} ${token}`) === token)
    const differences: string[] = []
    for (const a of known) {
      for (const b of known) {
        if (cn(a, b) !== twMerge(a, b)) differences.push(`${a} + ${b}: ${cn(a, b)} ≠ ${twMerge(a, b)}`)
      }
    }
    expect(differences.slice(0, 20), 'a class group is missing from src/lib/tailwind-merge-config.ts: run `npm run generate:cn`').toEqual(
      [],
    )
  })
})
