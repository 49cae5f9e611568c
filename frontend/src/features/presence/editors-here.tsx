// A quiet line above the section: who else has this section open (so two people do not
// edit the same text at once without knowing), or how many others are in the admin.
import { Users } from 'lucide-react'
import { presenceTexts } from '@/config/presence'
import { useEditorsHere } from './use-editors-here'

export function EditorsHere({ email, section }: { email: string; section: string }) {
  const others = useEditorsHere(email, section)
  if (others.length === 0) return null
  const same = [...new Set(others.filter((o) => o.section === section).map((o) => o.email))]
  const text = same.length > 0 ? presenceTexts.sameSection(same) : presenceTexts.elsewhere(others.length)
  return (
    <p
      role="status"
      data-testid="editors-here"
      className="mb-4 flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <Users aria-hidden="true" className="size-4 shrink-0" />
      {text}
    </p>
  )
}
