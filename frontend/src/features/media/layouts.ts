// The widths each place on the site shows a photo at, for its srcset: the grids of
// max-w-7xl (1280 px) pages, the popup and the full-screen hero. Widths cover phones at
// 2–3× density up to desktops; the aspect is the box the photo is cropped to.
import type { ImageLayout } from './image-urls'

// public/_pleat/head.html preloads the two hero srcsets and the first /portfolio card's:
// keep them equal to these.

/** Full screen, landscape screens: the photo at 16:9; under a 55–80% dark overlay, so quality 45 shows no loss. */
export const heroLayout: ImageLayout = { widths: [960, 1280, 1920, 2560], aspect: 9 / 16, sizes: '100vw', quality: 45 }

/**
 * Full screen, portrait screens (phones, 360–430 px at 2–3×): a 3:4 crop, so a phone never gets a
 * desktop-wide photo; 750 serves 375–412 px phones at 2× and 1.75× (rather than 828).
 */
export const heroPortraitLayout: ImageLayout = { widths: [480, 640, 750, 828, 1080, 1280], aspect: 4 / 3, sizes: '100vw', quality: 45 }

/** Portfolio cards: 1 column, 2 from md, 3 from lg, inside 1280 px. */
export const cardLayout: ImageLayout = {
  widths: [320, 480, 640, 720, 960, 1200],
  aspect: 3 / 4,
  sizes: '(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 768px) 46vw, 92vw',
  quality: 70,
}

/** The popup's main photo, shown whole (never cropped): 58% of a 1024 px dialog from lg, the full width below. */
export const dialogLayout: ImageLayout = { widths: [480, 640, 960, 1280], sizes: '(min-width: 1024px) 600px, 100vw' }

/** The full-screen viewer: the whole photo, as wide as the screen (room to zoom in). */
export const viewerLayout: ImageLayout = { widths: [640, 960, 1280, 1920, 2560], sizes: '100vw', quality: 80 }

/** The popup's thumbnails: 80–96 px. */
export const thumbnailLayout: ImageLayout = { widths: [96, 192, 288], aspect: 3 / 4, sizes: '96px' }

/** The about photo: half of 1280 px from lg. */
export const aboutLayout: ImageLayout = { widths: [480, 640, 960, 1280], aspect: 3 / 4, sizes: '(min-width: 1024px) 600px, 92vw' }

/** Avatars and the logo: small squares. */
export const avatarLayout: ImageLayout = { widths: [48, 96, 144], aspect: 1, sizes: '48px' }

/** Admin previews. */
export const adminThumbLayout: ImageLayout = { widths: [160, 320, 480], aspect: 3 / 4, sizes: '160px' }

/** The admin's focal point picker: the whole photo, in a compact two-or-more-column grid. */
export const adminPickerLayout: ImageLayout = { widths: [240, 320, 480, 640], sizes: '(min-width: 640px) 240px, 50vw' }
