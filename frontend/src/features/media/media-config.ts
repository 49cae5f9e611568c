// The site's media bucket and the rules for what goes in it; the same limits the
// migration 20261123000701_site_media_bucket.sql gives the bucket, so a file the server
// would refuse is refused here first, with a message the owner can act on.

export const mediaBucket = 'site-media'

/** 25 MB, the bucket's file_size_limit. */
export const maxUploadBytes = 25 * 1024 * 1024

/** Types the bucket accepts: those the image transform reads. */
export const storedTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const

/** What the file chooser offers: every stored type, plus AVIF and HEIC/HEIF (made JPEG before upload). */
export const acceptedFiles = [...storedTypes, 'image/avif', 'image/heic', 'image/heif', '.avif', '.heic', '.heif'].join(',')

/** Photos longer than this on their long edge are scaled down in the browser before upload. */
export const maxStoredEdge = 2560

/** JPEG quality of photos re-encoded in the browser. */
export const jpegQuality = 0.88

/** Where each kind of image goes in the bucket (the first folder of its name). */
export type MediaFolder = 'portfolio' | 'hero' | 'about' | 'testimonials' | 'logo' | 'library'
