// Renders rich text from the database, always through the sanitiser.
import { useMemo } from 'react'
import { cn } from '@/lib/cn'
import { sanitizeHtml } from '@/lib/sanitize-html'

interface RichTextProps {
  html: string | null | undefined
  className?: string
}

export function RichText({ html, className }: RichTextProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html])
  return <div className={cn('rich-text', className)} dangerouslySetInnerHTML={{ __html: clean }} />
}
