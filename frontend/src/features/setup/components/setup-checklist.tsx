// The admin's first screen while the site still shows what it was installed with: the
// items to replace, by the section that fixes each (with a button to it), and "Keep as
// is" for a claim or name the owner stands behind. Gone once nothing is left.
import { ArrowRight, CircleAlert } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { StatusMessage } from '@/components/ui/status-message'
import { adminSections, type AdminSectionKey } from '@/config/admin'
import { useViewOnly } from '@/features/admin/guard/view-only'
import { useSiteTextsRow } from '@/features/site-texts/api/get-site-texts'
import { useConfirmDefault } from '../api/confirm-default'
import { bySection, type SetupItem } from '../setup-items'
import { setupTexts as t } from '../texts'
import { useSetupItems } from '../use-setup-items'

const sectionLabel = (key: AdminSectionKey) => adminSections.find((section) => section.key === key)?.label ?? key

export function SetupChecklist({ onOpen }: { onOpen: (section: AdminSectionKey) => void }) {
  const items = useSetupItems()
  if (items.length === 0) return null
  return (
    <section
      aria-labelledby="setup-checklist-title"
      data-testid="setup-checklist"
      className="mb-6 rounded-2xl border border-amber-300 bg-amber-50 p-5 sm:p-6"
    >
      <h2 id="setup-checklist-title" className="flex items-center gap-2 font-semibold text-amber-950">
        <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
        {t.title}
      </h2>
      <p className="mt-1 text-sm text-amber-950">{t.intro}</p>
      <div className="mt-4 space-y-5">
        {bySection(items).map((group) => (
          <div key={group.section} data-testid={`setup-group-${group.section}`}>
            <ul className="space-y-1.5 text-sm text-amber-950">
              {group.items.map((item) => (
                <ChecklistItem key={item.key} item={item} />
              ))}
            </ul>
            <Button size="sm" className="mt-2" onClick={() => onOpen(group.section)}>
              {t.open(sectionLabel(group.section))}
              <ArrowRight aria-hidden="true" />
            </Button>
          </div>
        ))}
      </div>
    </section>
  )
}

function ChecklistItem({ item }: { item: SetupItem }) {
  const viewOnly = useViewOnly()
  const { refetch } = useSiteTextsRow()
  const { mutate, isPending } = useConfirmDefault()
  const [failed, setFailed] = useState(false)

  async function keep() {
    setFailed(false)
    const result = await mutate(item.key)
    if (!result.success) {
      console.error('Error keeping a checklist item:', result.error)
      setFailed(true)
      return
    }
    await refetch()
  }

  return (
    <li data-testid="setup-item" className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="flex items-center gap-2">
        <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-amber-700" />
        {item.label}
      </span>
      {item.confirmable && !viewOnly && (
        <Button
          variant="link"
          size="sm"
          className="h-auto"
          disabled={isPending}
          aria-label={t.keepLabel(item.label)}
          onClick={() => void keep()}
        >
          {t.keep}
        </Button>
      )}
      {failed && <StatusMessage status={{ text: t.keepFailed, tone: 'error' }} />}
    </li>
  )
}
