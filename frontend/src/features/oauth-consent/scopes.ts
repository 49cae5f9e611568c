// The requested scopes as a list the page can show: the OpenID Connect ones GoTrue knows
// (openid, email, profile, phone) in plain words, anything else as the app wrote it.
import { consentTexts } from './texts'

export type ScopeLine = { kind: 'known'; scope: string; text: string } | { kind: 'other'; scope: string }

/** Splits GoTrue's space-separated scope string; each scope once, in the app's order. */
export function scopeLines(scope: string): ScopeLine[] {
  const seen = new Set<string>()
  const lines: ScopeLine[] = []
  for (const name of scope.split(/\s+/)) {
    if (!name || seen.has(name)) continue
    seen.add(name)
    const text = Object.hasOwn(consentTexts.scopes, name) ? consentTexts.scopes[name] : undefined
    lines.push(text ? { kind: 'known', scope: name, text } : { kind: 'other', scope: name })
  }
  return lines
}
