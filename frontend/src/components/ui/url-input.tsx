// A field for an image or link address: a full http(s) URL, or a path on this site
// ('/images/hero.svg', as the shipped content uses). A plain type="url" field would
// refuse such a path and block the whole form, so the rule is a pattern instead; the
// keyboard is still the URL one.
import type { ComponentProps } from 'react'
import { Input } from './input'

/** http:// or https:// and something, or a path starting with a single '/'; spaces around are trimmed on save. */
export const urlOrPathPattern = '\\s*(?:https?://\\S+|/(?!/)\\S*)\\s*'

export function isUrlOrPath(value: string): boolean {
  return new RegExp(`^(?:${urlOrPathPattern})$`).test(value) && value.trim() !== ''
}

export function UrlInput(props: Omit<ComponentProps<'input'>, 'type' | 'pattern'>) {
  return (
    <Input
      type="text"
      inputMode="url"
      autoComplete="url"
      spellCheck={false}
      pattern={urlOrPathPattern}
      title="A full address starting with https:// (or a path on this site starting with /)"
      placeholder="https://"
      {...props}
    />
  )
}
