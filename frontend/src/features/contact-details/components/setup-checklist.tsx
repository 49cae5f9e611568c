// The admin's first screen, while the site still shows the shipped placeholder details:
// a checklist of what to replace, with a button to the Contact Details section.
import { ArrowRight, CircleAlert } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useContactInfo } from '@/features/site/api/get-contact-info'
import { pendingDetails } from '../contact-details'
import { contactDetailsTexts as t } from '../texts'

export function SetupChecklist({ onOpen }: { onOpen: () => void }) {
  const { data } = useContactInfo()
  const pending = pendingDetails(data)
  if (pending.length === 0) return null
  return (
    <section
      aria-labelledby="setup-checklist-title"
      data-testid="setup-checklist"
      className="mb-6 rounded-2xl border border-amber-300 bg-amber-50 p-5 sm:p-6"
    >
      <h2 id="setup-checklist-title" className="flex items-center gap-2 font-semibold text-amber-950">
        <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
        {t.checklistTitle}
      </h2>
      <p className="mt-1 text-sm text-amber-950">{t.checklistIntro}</p>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-sm text-amber-950">
        {pending.map((item) => (
          <li key={item}>{t.checklist[item]}</li>
        ))}
      </ul>
      <Button size="sm" className="mt-4" onClick={onOpen}>
        {t.checklistOpen}
        <ArrowRight aria-hidden="true" />
      </Button>
    </section>
  )
}
