// The library's files as a grid of thumbnails with name, size and date; each card's
// actions come from the caller (pick one, or copy and delete).
import type { ReactNode } from 'react'
import { formatBytes } from '../file-validation'
import { storedAddress } from '../upload-image'
import { displayName } from '../media-names'
import { adminThumbLayout } from '../layouts'
import type { MediaFile } from '../api/media-files'
import { SiteImage } from './site-image'

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

/** Files whose name contains every word of `query` (case-insensitive). */
export function searchFiles(files: readonly MediaFile[], query: string): MediaFile[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  return files.filter((file) => words.every((word) => file.name.toLowerCase().includes(word)))
}

interface MediaGridProps {
  files: readonly MediaFile[]
  actions: (file: MediaFile, address: string) => ReactNode
}

export function MediaGrid({ files, actions }: MediaGridProps) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      {files.map((file) => {
        const address = storedAddress(file.name)
        const name = displayName(file.name)
        return (
          <li key={file.name} data-testid="media-file" className="flex flex-col overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
            <SiteImage
              src={address}
              alt=""
              layout={adminThumbLayout}
              width={320}
              height={240}
              loading="lazy"
              decoding="async"
              className="aspect-[4/3] w-full bg-slate-100 object-cover"
            />
            <div className="flex flex-1 flex-col gap-1 p-3">
              <p className="truncate text-sm font-medium text-slate-900" title={file.name}>
                {name}
              </p>
              <p className="text-xs text-slate-600">
                {formatBytes(file.size)} · <time dateTime={file.created_at}>{dateFormat.format(new Date(file.created_at))}</time>
              </p>
              {file.used_in.length > 0 && (
                <p className="truncate text-xs text-slate-600" title={file.used_in.join(', ')}>
                  Used in: {file.used_in.join(', ')}
                </p>
              )}
              <div className="mt-auto flex flex-wrap gap-2 pt-2">{actions(file, address)}</div>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
