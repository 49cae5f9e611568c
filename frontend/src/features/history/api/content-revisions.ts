// The recorded versions of content rows (content_revisions, written by the database on
// every change): one row's history, the items of a list deleted within 30 days, and
// restoring a version (restore_content_revision, as the editor: the tables' policies decide).
import type { ContentTable } from '@/lib/preview-drafts'
import { supabase } from '@/lib/supabase'

export interface ContentRevision {
  id: number
  table_name: ContentTable
  row_id: string
  action: 'insert' | 'update' | 'delete'
  data: Record<string, unknown>
  changed_by_email: string | null
  changed_at: string
}

/** How many versions of one row the history lists, newest first. */
export const HISTORY_LIMIT = 50

export async function getRevisions(table: ContentTable, rowId: string): Promise<ContentRevision[]> {
  const { data, error } = await supabase
    .from('content_revisions')
    .select('id, table_name, row_id, action, data, changed_by_email, changed_at')
    .eq('table_name', table)
    .eq('row_id', rowId)
    .order('id', { ascending: false })
    .limit(HISTORY_LIMIT + 1)
  if (error) throw error
  return data as ContentRevision[]
}

export async function getRecentlyDeleted(table: ContentTable): Promise<ContentRevision[]> {
  const { data, error } = await supabase.rpc('recently_deleted_content', { target: table })
  if (error) throw error
  return data as ContentRevision[]
}

export async function restoreRevision(revisionId: number): Promise<void> {
  const { error } = await supabase.rpc('restore_content_revision', { revision_id: revisionId })
  if (error) throw error
}
