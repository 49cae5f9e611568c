import { describe, expect, it } from 'vitest'
import { checkImageFile, formatBytes, imageKind } from './file-validation'

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

  it('refuses a file over 25 MB and says how large it is', () => {
    const check = checkImageFile({ name: 'big.jpg', type: 'image/jpeg', size: 30 * MB })
    expect(check).toEqual({ ok: false, message: '“big.jpg” is 30.0 MB; the largest photo you can upload is 25.0 MB.' })
    expect(checkImageFile({ name: 'edge.jpg', type: 'image/jpeg', size: 25 * MB }).ok).toBe(true)
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
