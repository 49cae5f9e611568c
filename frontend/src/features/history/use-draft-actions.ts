// What both kinds of section do with their drafts: save one (under a new id for a new
// item), publish or discard one, and discard the draft of a row saved directly, each
// followed by reading the drafts (and after a publish the section) again.
import { useState } from 'react'
import type { Status } from '@/components/ui/status-message'
import { historyTexts as t } from '@/config/history'
import { failureText } from '@/lib/network-error'
import type { ContentDraft, ContentTable } from '@/lib/preview-drafts'
import { settle } from '@/lib/use-mutation'
import { DRAFT_CONFLICT, discardDraft, publishDraft, saveDraft, useDrafts } from './api/content-drafts'
import { newRowId } from './new-id'

export function useDraftActions(table: ContentTable, refetchSection: () => Promise<unknown>) {
  const query = useDrafts(table)
  const drafts = query.data ?? []
  const [status, setStatus] = useState<Status | null>(null)
  const draftOf = (id: string | undefined): ContentDraft | undefined => drafts.find((draft) => draft.row_id === id)

  /**
   * `base`: the row's updated_at the draft is made over (null for a new item); `stored` runs
   * once it is written, before the drafts are read again (the form takes it as its baseline).
   */
  async function save(id: string | undefined, payload: object, base: string | null, stored?: () => void): Promise<Status> {
    setStatus(null)
    // The database stamps versions; a draft keeps only the values, so laying it over the
    // row (form, preview) never hides the row's own version.
    const values: Record<string, unknown> = { ...payload }
    delete values.updated_at
    const result = await settle(() => saveDraft(table, id ?? newRowId(), values, base))
    if (!result.success) {
      console.error('Error saving a draft:', result.error)
      return { text: failureText(t.draftFailed, result.error), tone: 'error' }
    }
    stored?.()
    await query.refetch()
    return { text: t.draftSaved }
  }

  async function publish(draft: ContentDraft) {
    setStatus(null)
    try {
      await publishDraft(table, draft.row_id)
    } catch (error) {
      console.error('Error publishing a draft:', error)
      const conflict = (error as { code?: unknown } | null)?.code === DRAFT_CONFLICT
      setStatus({ text: conflict ? t.publishConflict : failureText(t.publishFailed, error), tone: 'error' })
      return
    }
    // The section first: an open form then sees the published row (its draft's values under
    // a new version) before the draft goes, so it never shows the old values in between.
    await refetchSection()
    await query.refetch()
    setStatus({ text: t.published })
  }

  async function discard(draft: ContentDraft) {
    setStatus(null)
    const result = await settle(() => discardDraft(table, draft.row_id))
    if (!result.success) {
      console.error('Error discarding a draft:', result.error)
      setStatus({ text: failureText(t.discardFailed, result.error), tone: 'error' })
      return
    }
    await query.refetch()
    setStatus({ text: t.discarded })
  }

  /** After Save Changes: the row's draft is published by it, so it is dropped. */
  async function saved(id: string | undefined) {
    const draft = draftOf(id)
    if (!draft) return
    const result = await settle(() => discardDraft(table, draft.row_id))
    if (!result.success) console.error('Error discarding a published draft:', result.error)
    await query.refetch()
  }

  return { drafts, loaded: query.data !== undefined, draftOf, status, setStatus, save, publish, discard, saved }
}
