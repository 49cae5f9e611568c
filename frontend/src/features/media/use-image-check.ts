// Whether a pasted image address loads as an image: a web page (a Google Photos share
// link, say) saved as an image shows as a broken picture on the site, so the admin warns.
import { useEffect, useState } from 'react'

export type ImageCheck = 'empty' | 'checking' | 'ok' | 'broken'

export function useImageCheck(src: string, delayMs = 400): ImageCheck {
  const [result, setResult] = useState<{ src: string; ok: boolean } | null>(null)
  const address = src.trim()

  useEffect(() => {
    if (!address) return
    let live = true
    const timer = setTimeout(() => {
      const image = new Image()
      image.onload = () => live && setResult({ src: address, ok: image.naturalWidth > 0 })
      image.onerror = () => live && setResult({ src: address, ok: false })
      image.src = address
    }, delayMs)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [address, delayMs])

  if (!address) return 'empty'
  if (!result || result.src !== address) return 'checking'
  return result.ok ? 'ok' : 'broken'
}

export const brokenImageWarning =
  'This address does not load as an image (a share link to a web page, say). Visitors would see an empty box: upload the photo instead.'
