// Above every section for a viewer: they may look, not change.
import { Eye } from 'lucide-react'
import { peopleTexts } from '../texts'

export function ViewOnlyNotice() {
  return (
    <p role="status" className="mb-6 flex items-start gap-2 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900">
      <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {peopleTexts.viewOnly}
    </p>
  )
}
