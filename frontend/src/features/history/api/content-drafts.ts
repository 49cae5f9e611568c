// The admin's drafts of one content table: read them, save one (over the row's values),
// discard one, and publish one (publish_content_draft writes it onto the live row, or
// inserts the new item, and deletes the draft in one transaction).
import type { ContentDraft, ContentTable } from '@/lib/preview-drafts'
import type { Json } from '@/lib/database.types'
import { supabase } from '@/lib/supabase'
import { useQuery } from '@/lib/use-query'

export async function getDrafts(table: ContentTable): Promise<ContentDraft[]> {
  const { data, error } = await supabase
    .from('content_drafts')
    .select('table_name, row_id, data, updated_by_email, updated_at')
    .eq('table_name', table)
    .order('updated_at', { ascending: true })
  if (error) throw error
  return data as ContentDraft[]
}

export function useDrafts(table: ContentTable) {
  return useQuery(`content_drafts:${table}`, () => getDrafts(table))
}

/** `base`: the live row's updated_at the draft is made over (null for a new item); publishing checks it. */
export async function saveDraft(table: ContentTable, rowId: string, data: object, base: string | null): Promise<void> {
  const { error } = await supabase
    .from('content_drafts')
    // A draft is a row's form values, plain JSON by construction.
    .upsert({ table_name: table, row_id: rowId, data: data as Json, base_updated_at: base })
    .select('row_id')
    .single()
  if (error) throw error
}

export async function discardDraft(table: ContentTable, rowId: string): Promise<void> {
  const { error } = await supabase.from('content_drafts').delete().eq('table_name', table).eq('row_id', rowId)
  if (error) throw error
}

/** The code publish_content_draft answers when the live row changed since the draft was made. */
export const DRAFT_CONFLICT = 'PT409'

export async function publishDraft(table: ContentTable, rowId: string): Promise<void> {
  const { error } = await supabase.rpc('publish_content_draft', { target: table, target_id: rowId })
  if (error) throw error
}
