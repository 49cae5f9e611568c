// Writes metadata into <head>, updating the tags already there (from index.html or
// written by the server) rather than adding duplicates.
import type { HeadTag, Metadata } from './build-metadata'
import { metaTags } from './build-metadata'

export const jsonLdScriptId = 'structured-data'

function upsertMeta(tag: HeadTag) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${tag.attribute}="${tag.key}"]`)
  if (!element) {
    element = document.createElement('meta')
    element.setAttribute(tag.attribute, tag.key)
    document.head.appendChild(element)
  }
  element.setAttribute('content', tag.content)
}

function upsertCanonical(href: string) {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')
  if (!link) {
    link = document.createElement('link')
    link.rel = 'canonical'
    document.head.appendChild(link)
  }
  link.href = href
}

export function applyMetadata(metadata: Metadata) {
  document.title = metadata.title
  document.documentElement.lang = metadata.language
  metaTags(metadata).forEach(upsertMeta)
  upsertCanonical(metadata.url)
}

/** Puts `json` in the page's one JSON-LD script, replacing one the server wrote. */
export function applyJsonLd(json: string) {
  let script = document.getElementById(jsonLdScriptId)
  if (!script) {
    script = document.createElement('script')
    script.id = jsonLdScriptId
    script.setAttribute('type', 'application/ld+json')
    document.head.appendChild(script)
  }
  script.textContent = json
}

export function removeJsonLd() {
  document.getElementById(jsonLdScriptId)?.remove()
}
