// Colour helpers for the theme that site_settings drives.

const hexPattern = /^#[0-9a-f]{6}$/i

/** The colour if it is a 6-digit hex (the only form site_settings allows), else the fallback. */
export function validHexColor(value: string | null | undefined, fallback: string): string {
  return value && hexPattern.test(value.trim()) ? value.trim().toLowerCase() : fallback
}

function channel(hex: string, offset: number): number {
  const c = parseInt(hex.slice(offset, offset + 2), 16) / 255
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

/** WCAG relative luminance of a 6-digit hex colour. */
export function relativeLuminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5)
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

export const lightText = '#ffffff'
export const darkText = '#020617'

/** White or near-black, whichever reads better on `background`. */
export function readableTextColor(background: string): string {
  return contrastRatio(background, lightText) >= contrastRatio(background, darkText)
    ? lightText
    : darkText
}
