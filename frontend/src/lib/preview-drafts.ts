// The draft preview: a public page opened with `?preview=drafts` by a signed-in editor
// shows the editor's unpublished drafts over the published rows it reads, so a draft is
// seen on the real page layout before it is published. The drafts are read with the
// editor's own session (content_drafts is editors-only), so a visitor who opens the same
// link reads nothing from it and sees the published site; the rows the server inlined
// into the page (read as a visitor) are not used in preview.
import { loadSupabase } from './load-supabase'

/** The tables whose rows can have drafts (content_drafts.table_name). */
export type ContentTable =
  | 'hero_content'
  | 'services'
  | 'portfolio_items'
  | 'testimonials'
  | 'about_content'
  | 'contact_info'
  | 'site_settings'
  | 'site_texts'
  | 'legal_pages'

/** The query that asks for the preview, and the link to a public page with it. */
export const PREVIEW_PARAM = 'preview'
export const PREVIEW_VALUE = 'drafts'

export function previewLink(path: string): string {
  const [page, anchor] = path.split('#')
  return `${page || '/'}?${PREVIEW_PARAM}=${PREVIEW_VALUE}${anchor ? `#${anchor}` : ''}`
}

/** True when the page was opened as a draft preview (whoever opened it). */
export function isDraftPreview(): boolean {
  if (typeof window === 'undefined') return false
  return new URLSearchParams(window.location.search).get(PREVIEW_PARAM) === PREVIEW_VALUE
}

export interface ContentDraft {
  table_name: ContentTable
  row_id: string
  data: Record<string, unknown>
  updated_by_email: string | null
  updated_at: string
}

let drafts: Promise<ContentDraft[] | null> | undefined

/** The editor's drafts, or null when this is no preview or the reader is not an editor. */
export function previewDrafts(): Promise<ContentDraft[] | null> {
  drafts ??= (async () => {
    if (!isDraftPreview()) return null
    const supabase = await loadSupabase()
    const { data: auth } = await supabase.auth.getSession()
    if (auth.session?.user.app_metadata?.editor !== true) return null
    const { data, error } = await supabase.from('content_drafts').select('table_name, row_id, data, updated_by_email, updated_at')
    if (error) throw error
    return data as ContentDraft[]
  })()
  return drafts
}

/** Forgets the drafts read (tests). */
export function resetPreviewDrafts(): void {
  drafts = undefined
}

/**
 * `rows` with the drafts of `table` laid over them: a drafted row shows the draft's
 * values, a drafted new item is added, and a list keeps its `sort_order`.
 */
export function overlayDrafts<T extends { id: string }>(table: ContentTable, rows: T[], all: ContentDraft[]): T[] {
  const mine = all.filter((draft) => draft.table_name === table)
  if (mine.length === 0) return rows
  const byId = new Map(mine.map((draft) => [draft.row_id, draft.data]))
  const shown = rows.map((row) => (byId.has(row.id) ? ({ ...row, ...byId.get(row.id), id: row.id } as T) : row))
  const known = new Set(rows.map((row) => row.id))
  const added = mine.filter((draft) => !known.has(draft.row_id)).map((draft) => ({ ...draft.data, id: draft.row_id }) as unknown as T)
  const result = [...shown, ...added]
  const order = (row: T) => (row as { sort_order?: unknown }).sort_order
  if (result.every((row) => typeof order(row) === 'number')) {
    result.sort((a, b) => (order(a) as number) - (order(b) as number))
  }
  return result
}

/** The rows a public read returned, with the editor's drafts over them in a preview. */
export async function withDrafts<T extends { id: string }>(table: ContentTable, rows: T[]): Promise<T[]> {
  const all = await previewDrafts()
  return all ? overlayDrafts(table, rows, all) : rows
}

/** The single row a public read returned (hero, about …), with its draft in a preview. */
export async function withDraft<T extends { id: string }>(table: ContentTable, row: T | null): Promise<T | null> {
  const all = await previewDrafts()
  if (!all) return row
  return overlayDrafts(table, row ? [row] : [], all)[0] ?? null
}
