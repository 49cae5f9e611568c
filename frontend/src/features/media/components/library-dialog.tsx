// Choosing a photo already in the library, from an image field or the portfolio gallery.
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogClose } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { PanelContent } from '@/components/ui/panel-state'
import { useMediaFiles } from '../api/media-files'
import { MediaGrid, searchFiles } from './media-grid'

interface LibraryDialogProps {
  open: boolean
  onClose: () => void
  onPick: (address: string) => void
}

export function LibraryDialog({ open, onClose, onPick }: LibraryDialogProps) {
  const titleId = useId()
  const { data, isLoading, error, refetch } = useMediaFiles()
  const [query, setQuery] = useState('')
  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId} size="xl">
      <div className="flex items-center justify-between gap-4 border-b border-slate-100 px-6 py-4">
        <h2 id={titleId} className="text-lg font-semibold text-slate-950">
          Choose from the media library
        </h2>
        <DialogClose onClose={onClose} label="Close the media library" />
      </div>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto p-6">
        <Input
          type="search"
          aria-label="Search files"
          placeholder="Search files"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <PanelContent data={data} isLoading={isLoading} error={error} onRetry={refetch}>
          {data && data.length === 0 ? (
            <p className="text-slate-600">No photos uploaded yet.</p>
          ) : (
            <MediaGrid
              files={searchFiles(data ?? [], query)}
              actions={(file, address) => (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    onPick(address)
                    onClose()
                  }}
                  aria-label={`Use ${file.name}`}
                >
                  Use
                </Button>
              )}
            />
          )}
        </PanelContent>
      </div>
    </Dialog>
  )
}
