// Small display formatters shared by the public pages and the admin.

/** 'furniture-covers' -> 'Furniture Covers': hyphens shown as spaces, each word capitalised. */
export function formatCategoryLabel(category: string | null | undefined): string {
  if (!category) return ''
  return category
    .split('-')
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

// Block ends become spaces so '<p>a</p><p>b</p>' reads 'a b', not 'ab'.
const blockEnd = /<\/(?:p|div|li|h[1-6]|ul|ol)\s*>|<br\s*\/?>/gi

/**
 * The text of a rich-text description, for card previews. Parsed in an inert document:
 * nothing in it runs or loads.
 */
export function htmlToPlainText(html: string | null | undefined): string {
  if (!html) return ''
  const doc = new DOMParser().parseFromString(html.replace(blockEnd, '$& '), 'text/html')
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim()
}

/** First letter of a name, for avatar placeholders. */
export function initialOf(name: string | null | undefined): string {
  const first = name?.trim().charAt(0) ?? ''
  return first.toUpperCase() || '?'
}

/** '3 Photos' / '1 Photo'. */
export function formatPhotoCount(count: number): string {
  return `${count} ${count === 1 ? 'Photo' : 'Photos'}`
}
