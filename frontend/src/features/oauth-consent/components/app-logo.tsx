// The app's logo when it registered a usable one (see client-links.ts), else its
// initial on the site's colour; a logo that fails to load falls back to the initial too.
import { useState } from 'react'
import { logoSource } from '../client-links'

export function AppLogo({ name, logoUri }: { name: string; logoUri: string }) {
  const source = logoSource(logoUri, window.location.origin)
  const [failed, setFailed] = useState<string | null>(null)
  if (source && failed !== source) {
    return (
      <img
        src={source}
        alt=""
        width={56}
        height={56}
        referrerPolicy="no-referrer"
        onError={() => setFailed(source)}
        className="size-14 rounded-2xl bg-white object-contain ring-1 ring-slate-200"
      />
    )
  }
  const initial = name.trim().charAt(0).toUpperCase() || '?'
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-14 items-center justify-center rounded-2xl bg-primary font-display text-2xl font-semibold text-primary-foreground"
    >
      {initial}
    </span>
  )
}
