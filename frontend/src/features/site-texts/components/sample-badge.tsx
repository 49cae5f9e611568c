// The admin's mark on a testimonial or project the install shipped (is_sample): the
// owner sees which content to replace. Visitors never see it.
import { Badge } from '@/components/ui/badge'
import { siteTextsAdmin as t } from '../texts'

export function SampleBadge() {
  return (
    <Badge variant="dark" title={t.sampleHint}>
      {t.sample}
    </Badge>
  )
}
