// A shareable link per project: /portfolio?project=<id> opens that project's popup, and
// opening or closing a popup on /portfolio writes or removes the parameter (replacing the
// history entry, so Back still leaves the page). The served HTML of such a link has the
// project's title in its head (frontend/public/_pleat/head.html); projectMetadata gives
// the app the same title and description.
import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import type { PortfolioItem } from './types'

export const projectParam = 'project'

interface Dialog {
  item: PortfolioItem | null
  open: boolean
  show: (item: PortfolioItem) => void
}

export function useSharedProject(items: readonly PortfolioItem[], dialog: Dialog) {
  const [params, setParams] = useSearchParams()
  const wanted = params.get(projectParam)
  const openedFromLink = useRef(false)

  useEffect(() => {
    if (openedFromLink.current || !wanted) return
    const item = items.find((candidate) => candidate.id === wanted)
    if (!item) return
    openedFromLink.current = true
    dialog.show(item)
  }, [items, wanted, dialog])

  const shownId = dialog.open ? (dialog.item?.id ?? null) : null
  useEffect(() => {
    // Before the linked project is found, the link's parameter is left alone.
    if (!shownId && wanted && !openedFromLink.current) return
    if (shownId === wanted) return
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (shownId) next.set(projectParam, shownId)
        else next.delete(projectParam)
        return next
      },
      { replace: true, preventScrollReset: true },
    )
  }, [shownId, wanted, setParams])
}

/** The page title and description while a project is open (as the served head writes them). */
export function projectMetadata(item: PortfolioItem, siteTitle: string) {
  return {
    title: `${item.title} - ${siteTitle}`,
    description: `${item.title}, a project by ${siteTitle}. See every photo of it and ask for similar work.`,
  }
}
