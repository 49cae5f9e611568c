// The additional image rows of the portfolio form: one URL field per row, add a row,
// remove a row (not the last one).
import { Plus, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { UrlInput } from '@/components/ui/url-input'
import { adminTexts } from '@/config/admin'
import { addImageRow, removeImageRow } from '../portfolio-payload'

const t = adminTexts.portfolio

interface ImageUrlRowsProps {
  rows: string[]
  onChange: (rows: string[]) => void
  labelledBy: string
  describedBy: string
}

export function ImageUrlRows({ rows, onChange, labelledBy, describedBy }: ImageUrlRowsProps) {
  return (
    <div role="group" aria-labelledby={labelledBy} aria-describedby={describedBy} className="space-y-2">
      {rows.map((src, index) => (
        <div key={index} data-testid="image-row" className="flex items-center gap-2">
          <UrlInput
            aria-label={`Additional image ${index + 1} URL`}
            value={src}
            onChange={(event) => onChange(rows.map((row, i) => (i === index ? event.target.value : row)))}
          />
          <Button
            variant="outline"
            size="icon"
            className="shrink-0"
            aria-label={`${t.removeImage} ${index + 1}`}
            disabled={rows.length <= 1}
            onClick={() => onChange(removeImageRow(rows, index))}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button variant="ghost" size="sm" onClick={() => onChange(addImageRow(rows))}>
        <Plus aria-hidden="true" />
        {t.addImage}
      </Button>
    </div>
  )
}
