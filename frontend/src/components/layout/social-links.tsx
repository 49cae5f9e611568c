// Links to the business's social profiles from contact_info; nothing when there are none.
import { cn } from '@/lib/cn'
import { socialProfiles, type SocialAddresses } from './social-profiles'

// Simple brand glyphs (lucide no longer ships brand icons).
const glyphs = {
  Facebook: 'M14 8.5V6.8c0-.8.5-1 1-1h2V2.5h-2.9C11 2.5 10.3 4.7 10.3 6.3v2.2H8v3.4h2.3V21.5H14v-9.6h2.7l.4-3.4H14z',
  Instagram:
    'M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm4.9-7.9a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0zM20.5 8c-.1-1.5-.4-2.8-1.5-3.9S16.5 2.6 15 2.5C13.4 2.4 10.6 2.4 9 2.5c-1.5.1-2.8.4-3.9 1.5S3.6 6.5 3.5 8c-.1 1.6-.1 6.4 0 8 .1 1.5.4 2.8 1.5 3.9s2.4 1.4 3.9 1.5c1.6.1 4.4.1 6 0 1.5-.1 2.8-.4 3.9-1.5s1.4-2.4 1.5-3.9c.1-1.6.1-6.4.2-8zm-2 9.8a3 3 0 0 1-1.7 1.7c-1.2.5-4 .4-4.8.4s-3.6.1-4.8-.4a3 3 0 0 1-1.7-1.7c-.5-1.2-.4-4-.4-4.8s-.1-3.6.4-4.8A3 3 0 0 1 7.2 4.5C8.4 4 11.2 4.1 12 4.1s3.6-.1 4.8.4a3 3 0 0 1 1.7 1.7c.5 1.2.4 4 .4 4.8s.1 3.6-.4 4.8z',
  LinkedIn:
    'M6.9 21H3.3V9.1h3.6V21zM5.1 7.5a2.1 2.1 0 1 1 0-4.2 2.1 2.1 0 0 1 0 4.2zM21 21h-3.6v-5.8c0-1.4 0-3.1-1.9-3.1s-2.2 1.5-2.2 3V21H9.7V9.1h3.4v1.6h.1c.5-.9 1.6-1.9 3.4-1.9 3.6 0 4.3 2.4 4.3 5.5V21z',
} as const

export function SocialLinks({ info, className }: { info: SocialAddresses | null | undefined; className?: string }) {
  const present = socialProfiles(info)
  if (present.length === 0) return null
  return (
    <ul className={cn('flex gap-3', className)}>
      {present.map(([name, url]) => (
        <li key={name}>
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={name}
            className="inline-flex size-10 items-center justify-center rounded-full bg-white/5 text-slate-300 ring-1 ring-white/10 transition hover:bg-secondary hover:text-secondary-foreground"
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4 fill-current">
              <path d={glyphs[name]} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  )
}
