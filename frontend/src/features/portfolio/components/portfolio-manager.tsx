// Portfolio Management: the items as cards in 1, 2 or 3 columns; the add
// form is the first card, the edit form takes its item's place; one form at a time.
import { Images } from 'lucide-react'
import { useMemo } from 'react'
import { Badge } from '@/components/ui/badge'
import { Card } from '@/components/ui/card'
import { adminTexts } from '@/config/admin'
import { DeleteButton, EditButton } from '@/features/admin/components/row-actions'
import { ListManager, type ListRowProps } from '@/features/admin/editors/list-manager'
import { useListDrafts } from '@/features/history/use-list-drafts'
import { htmlToPlainText } from '@/lib/format'
import { useCategoryLabel } from '@/features/site-texts/api/get-site-texts'
import { SampleBadge } from '@/features/site-texts/components/sample-badge'
import { useCreatePortfolioItem } from '../api/create-portfolio-item'
import { useDeletePortfolioItem } from '../api/delete-portfolio-item'
import { usePortfolioItems } from '../api/get-portfolio-items'
import { useUpdatePortfolioItem } from '../api/update-portfolio-item'
import { buildPortfolioPayload, buildPortfolioUpdate, emptyPortfolioForm, portfolioFormValues } from '../portfolio-payload'
import type { PortfolioItem } from '../types'
import { PortfolioForm } from './portfolio-form'

const t = adminTexts.portfolio

export function PortfolioManager() {
  const query = usePortfolioItems()
  return (
    <ListManager
      texts={t}
      query={query}
      drafts={useListDrafts('portfolio_items', query, '/portfolio')}
      table="portfolio_items"
      writes={{ create: useCreatePortfolioItem(), update: useUpdatePortfolioItem(), remove: useDeletePortfolioItem() }}
      payloads={{ create: buildPortfolioPayload, update: buildPortfolioUpdate }}
      form={{ Component: PortfolioForm, empty: emptyPortfolioForm, of: portfolioFormValues }}
      Row={PortfolioAdminCard}
      reorder={{ name: (item) => item.title, detail: thumbnail }}
      layout={{ kind: 'grid', className: 'grid gap-6 md:grid-cols-2 lg:grid-cols-3', fullRow: 'md:col-span-2 lg:col-span-3' }}
    />
  )
}

/** The item's cover beside its name in the reorder mode. */
function thumbnail(item: PortfolioItem) {
  return <img src={item.image_url} alt="" width={48} height={36} className="h-9 w-12 shrink-0 rounded object-cover" />
}

function PortfolioAdminCard({ item, deleting, onEdit, onDelete }: ListRowProps<PortfolioItem>) {
  // The card shows the description's text only: no stored HTML is rendered here.
  const summary = useMemo(() => htmlToPlainText(item.description), [item.description])
  const imageCount = item.images?.length ?? 0
  const categoryLabel = useCategoryLabel()
  return (
    <Card data-testid="portfolio-admin-card" className="flex flex-col overflow-hidden">
      <div className="relative aspect-[4/3] bg-slate-100">
        <img src={item.image_url} alt="" width={800} height={600} loading="lazy" className="size-full object-cover" />
        {imageCount > 1 && (
          <Badge variant="dark" className="absolute top-3 right-3">
            <Images aria-hidden="true" />
            {t.images(imageCount)}
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{categoryLabel(item.category)}</Badge>
          {item.is_sample && <SampleBadge />}
          {item.featured && <Badge variant="accent">{adminTexts.featured}</Badge>}
        </div>
        <h3 className="mt-3 font-semibold text-slate-950">{item.title}</h3>
        {summary && <p className="mt-1 line-clamp-2 text-sm text-slate-600">{summary}</p>}
        <div className="mt-auto flex gap-2 pt-4">
          <EditButton name={item.title} onClick={onEdit} focusKey={item.id} />
          <DeleteButton name={item.title} onClick={onDelete} deleting={deleting} />
        </div>
      </div>
    </Card>
  )
}
