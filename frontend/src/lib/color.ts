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
  return contrastRatio(background, lightText) >= contrastRatio(background, darkText) ? lightText : darkText
}

/** WCAG AA minimums: body text, and large text or icons. */
export const minTextContrast = 4.5
export const minLargeContrast = 3

function toRgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

/** `a` moved toward `b` by `t` (0 = a, 1 = b), in sRGB. */
export function mixColors(a: string, b: string, t: number): string {
  const [x, y] = [toRgb(a), toRgb(b)]
  return toHex(x.map((c, i) => c + (y[i] - c) * t))
}

/**
 * `color` as text on `background`: itself when it reads at `min`, else the least change
 * toward the background's readable text colour (darker on light, lighter on dark) that does.
 */
export function inkOn(color: string, background: string, min = minTextContrast): string {
  const target = readableTextColor(background)
  for (let step = 0; step <= 20; step++) {
    const candidate = mixColors(color, target, step / 20)
    if (contrastRatio(candidate, background) >= min) return candidate
  }
  return target
}

/**
 * A quieter text colour for intros and labels on `background`: the readable text colour
 * blended toward the background as far as it still reads at `min`.
 */
export function mutedTextOn(background: string, min = minTextContrast): string {
  const text = readableTextColor(background)
  let muted = text
  for (let step = 1; step <= 5; step++) {
    const candidate = mixColors(text, background, step / 20)
    if (contrastRatio(candidate, background) < min) break
    muted = candidate
  }
  return muted
}

/** The accent (secondary) used on a primary panel: itself when it stands out enough there, else the panel's text colour. */
export function accentOn(accent: string, background: string, min = minTextContrast): string {
  return contrastRatio(accent, background) >= min ? accent : readableTextColor(background)
}

export interface ContrastWarning {
  pair: string
  ratio: number
  /** The contrast the pair needs. */
  min: number
}

/** The colour pairs of the theme that cannot reach their contrast with any text colour. */
export function contrastWarnings(primary: string, secondary: string): ContrastWarning[] {
  const warnings: ContrastWarning[] = []
  const check = (pair: string, ratio: number, min: number) => ratio < min && warnings.push({ pair, ratio, min })
  check('Text on the primary colour', contrastRatio(primary, readableTextColor(primary)), minTextContrast)
  check('Text on the secondary colour', contrastRatio(secondary, readableTextColor(secondary)), minTextContrast)
  check('Secondary accents on the primary colour', contrastRatio(secondary, primary), minLargeContrast)
  return warnings
}
