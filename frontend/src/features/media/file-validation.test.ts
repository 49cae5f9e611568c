import { describe, expect, it } from 'vitest'
import { checkImageFile, formatBytes, imageKind, tooLargeMessage } from './file-validation'

const MB = 1024 * 1024

describe('checkImageFile', () => {
  it('accepts the photo types the bucket stores, and HEIC (converted before upload)', () => {
    expect(checkImageFile({ name: 'a.jpg', type: 'image/jpeg', size: 5 * MB })).toEqual({ ok: true, kind: 'jpeg' })
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: 10 })).toEqual({ ok: true, kind: 'png' })
    expect(checkImageFile({ name: 'a.webp', type: 'image/webp', size: 10 })).toEqual({ ok: true, kind: 'webp' })
    expect(checkImageFile({ name: 'a.avif', type: 'image/avif', size: 10 })).toEqual({ ok: true, kind: 'avif' })
    expect(checkImageFile({ name: 'a.gif', type: 'image/gif', size: 10 })).toEqual({ ok: true, kind: 'gif' })
    expect(checkImageFile({ name: 'IMG_1.HEIC', type: 'image/heic', size: 10 })).toEqual({ ok: true, kind: 'heic' })
  })

  it('takes the kind from the extension when the browser gives no type', () => {
    expect(imageKind({ name: 'IMG_2034.HEIC', type: '' })).toBe('heic')
    expect(imageKind({ name: 'photo.JPG', type: 'application/octet-stream' })).toBe('jpeg')
    expect(imageKind({ name: 'notes', type: '' })).toBeNull()
  })

  it('refuses a program, a PDF and an SVG, whatever their extension says', () => {
    const exe = checkImageFile({ name: 'setup.exe', type: 'application/x-msdownload', size: 100 })
    expect(exe).toEqual({ ok: false, message: expect.stringContaining('“setup.exe” is not a photo') })
    expect(checkImageFile({ name: 'x.jpg', type: 'application/pdf', size: 100 }).ok).toBe(false)
    expect(checkImageFile({ name: 'logo.svg', type: 'image/svg+xml', size: 100 }).ok).toBe(false)
  })

  it('leaves the size to be judged after the browser has shrunk the photo', () => {
    expect(checkImageFile({ name: 'camera.jpg', type: 'image/jpeg', size: 30 * MB })).toEqual({ ok: true, kind: 'jpeg' })
  })

  it('refuses an empty file', () => {
    expect(checkImageFile({ name: 'e.jpg', type: 'image/jpeg', size: 0 })).toEqual({ ok: false, message: '“e.jpg” is empty.' })
  })
})

describe('formatBytes', () => {
  it('writes bytes, KB and MB', () => {
    expect(formatBytes(900)).toBe('900 bytes')
    expect(formatBytes(512 * 1024)).toBe('512 KB')
    expect(formatBytes(5.25 * MB)).toBe('5.3 MB')
  })
})

describe('tooLargeMessage', () => {
  const file = { name: 'big.png', size: 30 * MB }

  it('lets through what fits once prepared, however large it came', () => {
    expect(tooLargeMessage(file, 1.3 * MB, true)).toBeNull()
    expect(tooLargeMessage(file, 25 * MB, false)).toBeNull()
  })

  it('says what to do with what is still too large after shrinking, or cannot be shrunk here', () => {
    expect(tooLargeMessage(file, 26 * MB, true)).toBe(
      '“big.png” is still 26.0 MB after shrinking; the largest photo you can upload is 25.0 MB. Save it as a JPEG and try again.',
    )
    expect(tooLargeMessage(file, 30 * MB, false)).toBe(
      '“big.png” is 30.0 MB and this browser cannot make it smaller; the largest photo you can upload is 25.0 MB. Save it smaller (as a JPEG, say) and try again.',
    )
  })
})
