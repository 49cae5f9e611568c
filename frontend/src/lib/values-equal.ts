//! Deep equality of form values and stored columns (texts, numbers, flags, lists,
//! objects), treating the rich-text editor's empty paragraph as empty text: the test
//! behind "unsaved changes" and behind "did anyone change what I edit".

/** Rich-text editors write an empty document as an empty paragraph; it means "nothing". */
const emptyRichText = /^<p>(<br\s*\/?>)?<\/p>$/

function normalise(value: unknown): unknown {
  if (typeof value === 'string') return emptyRichText.test(value.trim()) ? '' : value
  return value
}

export function valuesEqual(a: unknown, b: unknown): boolean {
  const x = normalise(a)
  const y = normalise(b)
  if (Object.is(x, y)) return true
  if (Array.isArray(x) && Array.isArray(y)) {
    return x.length === y.length && x.every((item, i) => valuesEqual(item, y[i]))
  }
  if (x && y && typeof x === 'object' && typeof y === 'object' && !Array.isArray(x) && !Array.isArray(y)) {
    const keys = new Set([...Object.keys(x), ...Object.keys(y)])
    return [...keys].every((key) => valuesEqual((x as Record<string, unknown>)[key], (y as Record<string, unknown>)[key]))
  }
  return false
}
